import type { Cluster } from '@fbt/domain';
import { useWallet } from '@solana/wallet-adapter-react';
import { useId } from 'react';
import {
  TRANSACTION_CTA,
  TransactionButton,
} from '../../../components/transaction/transaction-button';
import { useI18n } from '../../../lib/i18n/i18n';
import { useSwapBalances } from '../api/use-swap-balances';
import { useSwap } from '../hooks/use-swap';
import { useSwapForm } from '../hooks/use-swap-form';
import { fieldAmount, formatTokenAmount, isShortOf, maxPayable } from '../lib/swap-form';
import { SwapHead } from './swap-head';
import { SwapResultDialog } from './swap-result-dialog';
import { SwapStatus } from './swap-status';
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
  const swapForm = useSwapForm();
  const { form, tokens, params, amountError, quote, shown, edit } = swapForm;

  const balanceOf = (token: 'SOL' | 'FBT') =>
    address === null || balances.data === undefined
      ? null
      : formatTokenAmount(
          token === 'SOL' ? balances.data.lamports : balances.data.fbt,
          token,
          language,
        );
  // An estimate reads like every amount of the page; focused, its field holds the plain value.
  const readout = (units: bigint | null, token: 'SOL' | 'FBT') =>
    units === null ? null : formatTokenAmount(units, token, language);
  const short =
    shown !== undefined && balances.data !== undefined && isShortOf(shown, balances.data);
  const ready = shown !== undefined && !quote.updating && quote.error === null;
  const canSwap =
    address !== null && ready && !short && !swap.sending && balances.data !== undefined;

  const onSwap = () => {
    if (!canSwap || shown === undefined || balances.data === undefined) return;
    // A confirmed swap empties the form: one more tap must not repeat the trade.
    void swap.send(shown, balances.data.fbtAccountExists).then((confirmed) => {
      if (confirmed) swapForm.clearAmount();
    });
  };

  return (
    <section className="swap card" aria-labelledby={titleId} data-testid="swap-box">
      <SwapHead
        titleId={titleId}
        slippageBps={form.slippageBps}
        disabled={swap.sending}
        onSlippage={swapForm.setSlippage}
      />

      <TokenField
        label={t('swap.pay')}
        token={tokens.pay}
        value={swapForm.payText}
        readout={readout(swapForm.payEstimate, tokens.pay)}
        estimated={form.edited !== 'pay'}
        balance={balanceOf(tokens.pay)}
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
          onClick={swapForm.flip}
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
        value={swapForm.receiveText}
        readout={readout(swapForm.receiveEstimate, tokens.receive)}
        estimated={form.edited !== 'receive'}
        balance={balanceOf(tokens.receive)}
        invalid={form.edited === 'receive' && amountError !== null}
        disabled={swap.sending}
        onChange={(text) => edit('receive', text)}
        testId="swap-receive"
      />

      <SwapStatus swapForm={swapForm} short={short} />

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
