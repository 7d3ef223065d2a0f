import {
  formatSol,
  formatTokenEstimate,
  hasReachedUserMaximum,
  isSendEnabled,
  isSoldOut,
  validateAmount,
  type PresaleVariant,
} from '@fbt/domain';
import { useId, useState } from 'react';
import { WalletIcon } from '../../../components/ui/icons';
import { useRegisteredWallet } from '../../../components/wallet/wallet-state';
import { useI18n } from '../../../lib/i18n/i18n';
import { useBoughtLamports } from '../api/get-bought-amount';
import { usePresaleState } from '../api/get-presale-state';
import { useSiteConfig } from '../api/get-site-config';
import { useSolPrice } from '../api/get-sol-price';
import { useLeaderCodeCheck } from '../api/leader-api';
import { useAllowlistStanding } from '../api/allowlist-proof';
import { usePresaleStream } from '../api/presale-stream';
import { usePurchaseSession } from '../hooks/purchase-session';
import { useNow } from '../../../lib/use-now';
import { leaderProblemOf, leaderPurchaseOf } from '../lib/leader-problem';
import { amountErrorText } from '../lib/purchase-text';
import { saleWindowPhase } from '../lib/sale-window';
import { BoughtStatus } from './bought-status';
import { LeaderConfirmDialog } from './leader-confirm-dialog';
import { PurchaseResultDialog } from './purchase-dialogs';
import { AllowlistNote, LeaderNote } from './purchase-notes';
import { PriceLine } from './price-line';
import { formatSaleTime, SaleCountdown, SaleEndedCard } from './sale-status';
import './purchase.css';

/** Wallet used by the hidden test report when no wallet is connected (the system program). */
const SAMPLE_REPORT_WALLET = '11111111111111111111111111111111';
const SAMPLE_REPORT_CODE = 'sample-report';

function Spinner() {
  return <span className="transaction-spinner" aria-hidden="true" />;
}

/**
 * The purchase box (spec §2): title, subtitle, 'You bought X/Y SOL', '1 SOL = N USD', the
 * amount field with its validation in the spec's order, 'You will receive N FBT', and the
 * 'Connect Wallet' / 'Send' button with a spinner while a purchase runs. Hidden when the
 * presale is sold out or its window has ended; before the window opens it counts down to the
 * start. On an allowlisted presale it says whether the wallet is listed before Send. `leaderCode`
 * is set on the leader page only (`null`: missing or malformed in the link).
 */
export function PurchaseBox({
  variant,
  leaderCode,
}: {
  variant: PresaleVariant;
  leaderCode?: string | null;
}) {
  const { t, language } = useI18n();
  const inputId = useId();
  const messageId = useId();
  const config = useSiteConfig();
  const presale = usePresaleState(variant);
  const price = useSolPrice();
  usePresaleStream(variant);
  const wallet = useRegisteredWallet();
  // The wallet side comes from the wallet code once it has loaded (idle until then).
  const { address, purchase } = usePurchaseSession();
  const isLeaderPage = leaderCode !== undefined;
  const leaderCheck = useLeaderCodeCheck(isLeaderPage ? leaderCode : null);
  const presaleAddress = config.data?.variants.find((entry) => entry.variant === variant)?.presale;
  const bought = useBoughtLamports({ variant, wallet: address });
  const [amount, setAmount] = useState('1');
  const [confirmingLeader, setConfirmingLeader] = useState(false);
  const saleWindow = presale.response?.window;
  const now = useNow(
    1_000,
    saleWindow !== undefined && (saleWindow.start !== null || saleWindow.end !== null),
  );
  const allowlisted = presale.response?.allowlisted === true;
  const standing = useAllowlistStanding({ variant, wallet: address, allowlisted });

  const state = presale.state;
  const sale = saleWindowPhase(saleWindow, now);
  if (sale.phase === 'ended') return <SaleEndedCard endedAt={sale.endedAt} />;
  if (state !== undefined && isSoldOut(state)) {
    return (
      <section className="purchase card purchase--sold-out" data-testid="sold-out">
        <h2 className="purchase__title">{t('purchase.soldOutTitle')}</h2>
        <p className="purchase__subtitle">{t('purchase.soldOutText')}</p>
      </section>
    );
  }

  const boughtLamports = address !== null ? (bought.data ?? 0n) : 0n;
  const amountError =
    state !== undefined ? validateAmount({ input: amount, state, boughtLamports }) : null;
  const estimate =
    state !== undefined ? formatTokenEstimate(amount, amountError, state.tokenPrice) : null;
  const userAtMaximum = state !== undefined && hasReachedUserMaximum(state, boughtLamports);

  // Spec flow on the leader page: an unknown or unverifiable code never blocks the purchase;
  // it is said here, asked once more before Send, and the report afterwards says the rest.
  const leaderIssue = isLeaderPage
    ? leaderProblemOf(leaderCode, leaderCheck.data, leaderCheck.isError)
    : null;
  const leader = isLeaderPage ? leaderPurchaseOf(leaderCode, leaderCheck.data) : {};
  // Send waits for the list's yes on an allowlisted presale: the program refuses anyone else.
  const listedProof =
    allowlisted && standing.data?.listed === true ? standing.data.proof : undefined;
  const ready = state !== undefined && config.data !== undefined && presaleAddress !== undefined;
  const canSend =
    ready &&
    state.isActived &&
    sale.phase === 'open' &&
    (!allowlisted || listedProof !== undefined) &&
    // The leader check's answer is all the buy knows of the code's record: wait for it.
    !(isLeaderPage && leaderCode !== null && leaderCheck.isPending) &&
    (address === null || bought.data !== undefined) &&
    isSendEnabled({
      amountError: amountError?.message ?? null,
      userAtMaximum,
      sending: purchase.sending,
    });

  const sendNow = () => {
    if (!ready || !canSend || config.data === undefined || presaleAddress === undefined) return;
    void purchase.send(
      {
        variant,
        programId: config.data.programId,
        presale: presaleAddress,
        mint: config.data.mint,
        state,
        boughtLamports,
        ...leader,
        ...(listedProof === undefined ? {} : { allowlistProof: listedProof }),
      },
      amount,
    );
  };

  const onSend = () => {
    if (!canSend) return;
    if (leaderIssue !== null) setConfirmingLeader(true);
    else sendNow();
  };

  const onTitleClick = () => {
    void purchase.sendSampleReport(
      leaderCode ?? SAMPLE_REPORT_CODE,
      address ?? SAMPLE_REPORT_WALLET,
    );
  };

  return (
    <section
      className="purchase card"
      aria-labelledby={`${inputId}-title`}
      data-testid="purchase-box"
    >
      <h2 id={`${inputId}-title`} className="purchase__title" onClick={onTitleClick}>
        {t('presale.boxTitle')}
      </h2>
      <p className="purchase__subtitle">{t('presale.boxSubtitle')}</p>
      {isLeaderPage ? (
        <LeaderNote
          problem={leaderIssue}
          checking={leaderCheck.isPending}
          payingCode={leader.leaderRecord !== undefined ? (leader.leaderCode ?? null) : null}
        />
      ) : null}
      {allowlisted ? (
        <AllowlistNote
          connected={address !== null}
          standing={standing.data}
          failed={standing.failureCount > 0}
        />
      ) : null}

      <div className="purchase__stats">
        <p className="purchase__stat" data-testid="purchase-bought">
          {t('purchase.bought', {
            bought: formatSol(boughtLamports, { maxFractionDigits: 5 }),
            max: state ? formatSol(state.maxUserBuyable, { maxFractionDigits: 5 }) : '…',
          })}
        </p>
        <PriceLine price={price.data} />
      </div>

      <label className="purchase__label" htmlFor={inputId}>
        {t('purchase.amountLabel')}
      </label>
      <div className={`purchase__field${amountError ? ' purchase__field--invalid' : ''}`}>
        <input
          id={inputId}
          className="purchase__input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('purchase.amountPlaceholder')}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && address !== null) onSend();
          }}
          aria-invalid={amountError !== null}
          aria-describedby={messageId}
          disabled={purchase.sending}
          data-testid="amount-input"
        />
        <span className="purchase__suffix">SOL</span>
      </div>
      <p id={messageId} className="purchase__message" aria-live="polite">
        {amountError ? (
          <span className="purchase__error" data-testid="amount-error">
            {amountErrorText(t, amountError)}
          </span>
        ) : estimate !== null ? (
          <span className="purchase__estimate" data-testid="token-estimate">
            {t('purchase.estimate', { amount: estimate })}
          </span>
        ) : (
          ' '
        )}
      </p>
      {state ? (
        <p className="purchase__limits">
          {t('purchase.limits', {
            min: formatSol(state.minUserBuyable, { maxFractionDigits: 5 }),
            max: formatSol(state.maxUserBuyable, { maxFractionDigits: 5 }),
          })}
        </p>
      ) : null}

      {sale.phase === 'not-started' ? (
        <SaleCountdown startsAt={sale.startsAt} remainingMs={sale.remainingMs} />
      ) : null}
      {sale.phase === 'open' && sale.endsAt !== null ? (
        <p className="purchase__limits" data-testid="sale-closes-at">
          {t('sale.closesAt', { date: formatSaleTime(sale.endsAt, language) })}
        </p>
      ) : null}

      {address === null ? (
        <button
          type="button"
          className="btn btn-primary transaction-button transaction-cta"
          onClick={() => wallet?.openPicker()}
          disabled={wallet === null || wallet.isBusy}
          data-testid="purchase-connect"
        >
          <WalletIcon size={18} />
          {t('wallet.connect')}
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-primary transaction-button transaction-cta"
          onClick={onSend}
          disabled={!canSend}
          aria-busy={purchase.sending}
          data-testid="purchase-send"
        >
          {purchase.sending ? (
            <>
              <Spinner />
              {t(`purchase.stage.${purchase.stage ?? 'validating'}`)}
            </>
          ) : (
            t('purchase.send')
          )}
        </button>
      )}

      {state && !state.isActived ? (
        <p className="purchase__note">{t('purchase.inactive')}</p>
      ) : null}
      {address !== null ? (
        <BoughtStatus
          failureCount={bought.failureCount}
          hasData={bought.data !== undefined}
          onRetry={() => void bought.refetch()}
        />
      ) : null}
      {presale.error ? (
        <p className="purchase__note purchase__note--warn" role="alert">
          {t('purchase.loadError')}
        </p>
      ) : null}

      {confirmingLeader && leaderIssue !== null ? (
        <LeaderConfirmDialog
          problem={leaderIssue}
          onCancel={() => setConfirmingLeader(false)}
          onBuy={() => {
            setConfirmingLeader(false);
            sendNow();
          }}
        />
      ) : null}
      {purchase.dialog && config.data ? (
        <PurchaseResultDialog
          dialog={purchase.dialog}
          cluster={config.data.cluster}
          explorerRpcUrl={config.data.explorerRpcUrl}
          onClose={purchase.closeDialog}
        />
      ) : null}
    </section>
  );
}
