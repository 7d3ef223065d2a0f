import { explorerTxUrl, formatAmount, SOL_AMOUNT, type Cluster } from '@fbt/domain';
import { useWallet } from '@solana/wallet-adapter-react';
import {
  TransactionErrorDialog,
  TransactionSuccessDialog,
} from '../../../components/transaction/transaction-dialogs';
import { TransactionButton } from '../../../components/transaction/transaction-button';
import { useI18n } from '../../../lib/i18n/i18n';
import { leaderBlinkLink, leaderLink } from '../../../lib/leader-link';
import { useLeaderEarnings } from '../api/get-leader-earnings';
import { useClaim } from '../hooks/use-claim';
import { EarningsCard } from './earnings-card';
import './earnings.css';

/** What the page needs from the site configuration. */
export interface EarningsSiteConfig {
  readonly programId: string;
  readonly cluster: Cluster;
  readonly explorerRpcUrl: string | null;
}

/**
 * The leader earnings page: a leader connects the wallet their codes pay and sees, per code,
 * the volume, buys, earned, claimed and claimable SOL read from the chain; claims in one click
 * (the same simulate, sign, confirm and dialogs as a purchase); and shares the code's link, its
 * QR code or its Blink link.
 */
export function LeaderEarningsPage({ config }: { config: EarningsSiteConfig | undefined }) {
  const { t, language } = useI18n();
  const { publicKey, connected } = useWallet();
  const address = connected && publicKey !== null ? publicKey.toBase58() : null;
  const earnings = useLeaderEarnings(address);
  const claim = useClaim(config?.programId);
  // The page's own origin: the BFF that serves this page also serves the Blink's Action.
  const site = window.location.href;

  let body;
  if (address === null) {
    body = (
      <section className="earnings-state card" data-testid="earnings-connect">
        <h2 className="earnings-state__title">{t('earnings.connectTitle')}</h2>
        <p className="earnings-state__text">{t('earnings.connectText')}</p>
        <TransactionButton send={null} connectTestId="earnings-connect-wallet" />
      </section>
    );
  } else if (earnings.isPending) {
    body = (
      <p className="earnings-state card" role="status" data-testid="earnings-loading">
        {t('earnings.loading')}
      </p>
    );
  } else if (earnings.isError) {
    body = (
      <div className="earnings-state card earnings-state--error" role="alert">
        <p className="earnings-state__text">{t('earnings.error')}</p>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => void earnings.refetch()}
          data-testid="earnings-retry"
        >
          {t('earnings.retry')}
        </button>
      </div>
    );
  } else if (earnings.data.length === 0) {
    body = (
      <section className="earnings-state card" data-testid="earnings-empty">
        <h2 className="earnings-state__title">{t('earnings.emptyTitle')}</h2>
        <p className="earnings-state__text">{t('earnings.emptyText')}</p>
      </section>
    );
  } else {
    body = (
      <div className="earnings-list" data-testid="earnings-list">
        {earnings.data.map((entry) => (
          <EarningsCard
            key={entry.record}
            earnings={entry}
            link={leaderLink(site, entry.code)}
            blink={leaderBlinkLink(window.location.origin, entry.code)}
            claimStage={claim.claiming?.record === entry.record ? claim.claiming.stage : null}
            claimBusy={claim.claiming !== null || config === undefined}
            onClaim={() => void claim.claim(entry.record)}
          />
        ))}
      </div>
    );
  }

  const dialog = claim.dialog;
  return (
    <div className="earnings">
      <header className="page-header container">
        <p className="eyebrow">{t('earnings.eyebrow')}</p>
        <h1 className="page-title">{t('earnings.title')}</h1>
        <p className="lead">{t('earnings.intro')}</p>
      </header>
      <div className="container earnings__body">{body}</div>
      {dialog?.kind === 'success' && config !== undefined ? (
        <TransactionSuccessDialog
          title={t('earnings.claimedTitle')}
          signature={dialog.signature}
          href={explorerTxUrl(dialog.signature, config.cluster, config.explorerRpcUrl ?? undefined)}
          onClose={claim.closeDialog}
          {...(dialog.claimedLamports === null
            ? {}
            : {
                summary: t('earnings.claimedSummary', {
                  sol: formatAmount(dialog.claimedLamports, SOL_AMOUNT, language),
                }),
              })}
        />
      ) : dialog?.kind === 'error' ? (
        <TransactionErrorDialog
          title="DIALOG__ERROR"
          lines={dialog.lines}
          onClose={claim.closeDialog}
        />
      ) : null}
    </div>
  );
}
