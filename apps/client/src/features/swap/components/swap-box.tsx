import { isHighPriceImpact, type Cluster, type SwapSide } from '@fbt/domain';
import { useWallet } from '@solana/wallet-adapter-react';
import { useId, useState } from 'react';
import {
  TRANSACTION_CTA,
  TransactionButton,
} from '../../../components/transaction/transaction-button';
import { useI18n } from '../../../lib/i18n/i18n';
import { useSwapBalances } from '../api/use-swap-balances';
import { useSwapQuote } from '../api/use-swap-quote';
import { useSwap } from '../hooks/use-swap';
import {
  fieldAmount,
  formatTokenAmount,
  isShortOf,
  maxPayable,
  quoteParamsOf,
  swapTokens,
  type EditedField,
  type SwapForm,
} from '../lib/swap-form';
import { quoteFailureText, swapAmountErrorText } from '../lib/swap-text';
import { QuoteDetails } from './quote-details';
import { SlippageControl } from './slippage-control';
import { SwapResultDialog } from './swap-result-dialog';
import { TokenField } from './token-field';

/** What the box needs from the site's config. */
export interface SwapBoxConfig {
  readonly mint: string;
  readonly cluster: Cluster;
  readonly explorerRpcUrl: string | null;
  readonly dexProgramIds: readonly string[];
}

/**
 * The swap box: pay and receive fields (typing in either sets what is exact), the direction
 * switch, the wallet's balances with Max, slippage, the live quote, and Swap with the same
 * spinner, stages and result dialogs as the purchase box.
 */
export function SwapBox({ config }: { config: SwapBoxConfig }) {
  const { t, language } = useI18n();
  const titleId = useId();
  const { publicKey, connected } = useWallet();
  const address = connected && publicKey !== null ? publicKey.toBase58() : null;
  const balances = useSwapBalances(address, config.mint);
  const swap = useSwap({ mint: config.mint, dexProgramIds: config.dexProgramIds });
  const [form, setForm] = useState<SwapForm>({
    side: 'buy',
    edited: 'pay',
    text: '',
    slippageBps: 50,
  });
  const [showSlippage, setShowSlippage] = useState(false);
  const tokens = swapTokens(form.side);
  const { params, error: amountError } = quoteParamsOf(form);
  const quote = useSwapQuote(params);
  // A quote answers the settled form; one for another side or field is not shown.
  const shown =
    quote.data !== undefined &&
    params !== null &&
    quote.data.side === form.side &&
    quote.data.mode === params.mode
      ? quote.data
      : undefined;

  const edit = (edited: EditedField, text: string) =>
    setForm((current) => ({ ...current, edited, text }));
  const flip = () =>
    setForm((current) => {
      const side: SwapSide = current.side === 'buy' ? 'sell' : 'buy';
      // The amount typed stays with its token: what was paid is now received, and back.
      return { ...current, side, edited: current.edited === 'pay' ? 'receive' : 'pay' };
    });

  const payText =
    form.edited === 'pay'
      ? form.text
      : shown !== undefined
        ? fieldAmount(BigInt(shown.inputAmount), tokens.pay)
        : '';
  const receiveText =
    form.edited === 'receive'
      ? form.text
      : shown !== undefined
        ? fieldAmount(BigInt(shown.outputAmount), tokens.receive)
        : '';
  const balanceOf = (token: 'SOL' | 'FBT') =>
    balances.data === undefined
      ? null
      : formatTokenAmount(
          token === 'SOL' ? balances.data.lamports : balances.data.fbt,
          token,
          language,
        );
  const short =
    shown !== undefined && balances.data !== undefined && isShortOf(shown, balances.data);
  const ready = shown !== undefined && !quote.updating && quote.error === null;
  const canSwap =
    address !== null && ready && !short && !swap.sending && balances.data !== undefined;
  const editedToken = form.edited === 'pay' ? tokens.pay : tokens.receive;
  const status =
    amountError !== null
      ? swapAmountErrorText(t, amountError, editedToken)
      : quote.error !== null && !quote.updating
        ? quoteFailureText(t, quote.error)
        : null;

  const onSwap = () => {
    if (!canSwap || shown === undefined || balances.data === undefined) return;
    void swap.send(shown, balances.data.fbtAccountExists);
  };

  return (
    <section className="swap card" aria-labelledby={titleId} data-testid="swap-box">
      <div className="swap__head">
        <h2 id={titleId} className="swap__title">
          {t('swap.boxTitle')}
        </h2>
        <button
          type="button"
          className="swap__settings btn btn-ghost btn-sm"
          aria-expanded={showSlippage}
          onClick={() => setShowSlippage((open) => !open)}
          data-testid="slippage-toggle"
        >
          {t('swap.slippage.button', {
            value: `${(form.slippageBps / 100).toLocaleString(language === 'it' ? 'it-IT' : 'en-US')}%`,
          })}
        </button>
      </div>
      {showSlippage ? (
        <SlippageControl
          value={form.slippageBps}
          disabled={swap.sending}
          onChange={(slippageBps) => setForm((current) => ({ ...current, slippageBps }))}
        />
      ) : null}

      <TokenField
        label={t('swap.pay')}
        token={tokens.pay}
        value={payText}
        estimated={form.edited !== 'pay'}
        balance={address === null ? null : balanceOf(tokens.pay)}
        invalid={form.edited === 'pay' && amountError !== null}
        disabled={swap.sending}
        onChange={(text) => edit('pay', text)}
        onMax={
          balances.data === undefined
            ? undefined
            : () => edit('pay', fieldAmount(maxPayable(form.side, balances.data), tokens.pay))
        }
        testId="swap-pay"
      />
      <div className="swap__switch-row">
        <button
          type="button"
          className="swap__switch"
          onClick={flip}
          disabled={swap.sending}
          aria-label={t('swap.switch')}
          title={t('swap.switch')}
          data-testid="swap-switch"
        >
          <span aria-hidden="true">⇅</span>
        </button>
      </div>
      <TokenField
        label={t('swap.receive')}
        token={tokens.receive}
        value={receiveText}
        estimated={form.edited !== 'receive'}
        balance={address === null ? null : balanceOf(tokens.receive)}
        invalid={form.edited === 'receive' && amountError !== null}
        disabled={swap.sending}
        onChange={(text) => edit('receive', text)}
        testId="swap-receive"
      />

      <p className="swap__status" aria-live="polite" data-testid="swap-status">
        {status !== null ? (
          <span className="swap__error">{status}</span>
        ) : quote.updating && params !== null ? (
          <span className="swap__muted">{t('swap.updating')}</span>
        ) : short ? (
          <span className="swap__error" data-testid="swap-short">
            {t('swap.insufficient', { token: tokens.pay })}
          </span>
        ) : null}
      </p>
      {shown !== undefined && params !== null ? (
        <QuoteDetails quote={shown} updating={quote.updating} />
      ) : null}
      {shown !== undefined && isHighPriceImpact(shown.priceImpactPct) ? (
        <p className="swap__note swap__note--warn" role="alert" data-testid="swap-impact-warning">
          {t('swap.impactWarning')}
        </p>
      ) : null}

      <TransactionButton
        className={TRANSACTION_CTA}
        connectTestId="swap-connect"
        send={
          address === null
            ? null
            : {
                onClick: onSwap,
                disabled: !canSwap,
                runningText: swap.sending ? t(`swap.stage.${swap.stage ?? 'building'}`) : null,
                label: params === null ? t('swap.enterAmount') : t('swap.send'),
                testId: 'swap-send',
              }
        }
      />
      <p className="swap__fineprint">{t('swap.fineprint')}</p>

      {swap.dialog ? (
        <SwapResultDialog
          dialog={swap.dialog}
          cluster={config.cluster}
          explorerRpcUrl={config.explorerRpcUrl}
          onClose={swap.closeDialog}
        />
      ) : null}
    </section>
  );
}
