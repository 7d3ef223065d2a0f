import { explorerTxUrl, type ConfigResponse, type PresaleVariant } from '@fbt/domain';
import { useId } from 'react';
import { TransactionButton } from '../../../components/transaction/transaction-button';
import {
  TransactionErrorDialog,
  TransactionSuccessDialog,
} from '../../../components/transaction/transaction-dialogs';
import { formatBps, formatDateTime, formatDuration } from '../../../lib/format-time';
import { useI18n, type Language, type Translate } from '../../../lib/i18n/i18n';
import { fbtText, minimumRaiseText, solText } from '../lib/delivery-text';
import type { BuyerTokens, ScheduleStep, YourFbtView } from '../lib/your-fbt';
import {
  usePurchaseSession,
  type DeliveryActions,
  type DeliveryDialog,
  type DeliveryTarget,
} from '../hooks/purchase-session';
import { useYourFbt } from '../hooks/use-your-fbt';
import './your-fbt.css';

type Shown = Exclude<YourFbtView, { kind: 'none' }>;

/** The sentence under the title: where the wallet's FBT stand. */
function statusText(t: Translate, language: Language, view: Shown): string {
  switch (view.kind) {
    case 'waiting':
      return view.phase === 'below-minimum'
        ? t('yourFbt.belowMinimum', { paid: solText(view.tokens.paidLamports, language) })
        : view.phase === 'sold-out'
          ? t('yourFbt.soldOut')
          : view.phase === 'closed'
            ? t('yourFbt.ended')
            : t('yourFbt.waiting');
    case 'delivering':
      return view.vesting ? t('yourFbt.vesting') : t('yourFbt.delivering');
    case 'done':
      return t('yourFbt.done');
    case 'refund':
      return t('yourFbt.failed', {
        sol: minimumRaiseText(view.minimumRaise, language),
        paid: solText(view.tokens.paidLamports, language),
      });
  }
}

/**
 * Bought, delivered and still to come (FBT), with the share delivered as a bar; after a failed
 * sale, what was paid (SOL) and bought instead (nothing more comes).
 */
function TokenFigures({ tokens, refund }: { tokens: BuyerTokens; refund: boolean }) {
  const { t, language } = useI18n();
  const owed = tokens.bought > tokens.delivered ? tokens.bought - tokens.delivered : 0n;
  const share = tokens.bought === 0n ? 0 : Number((tokens.delivered * 1000n) / tokens.bought) / 10;
  const figures = refund
    ? ([
        ['paid', t('yourFbt.paid'), solText(tokens.paidLamports, language), 'SOL'],
        ['bought', t('yourFbt.bought'), fbtText(tokens.bought, language), 'FBT'],
      ] as const)
    : ([
        ['bought', t('yourFbt.bought'), fbtText(tokens.bought, language), 'FBT'],
        ['delivered', t('yourFbt.delivered'), fbtText(tokens.delivered, language), 'FBT'],
        ['owed', t('yourFbt.owed'), fbtText(owed, language), 'FBT'],
      ] as const);
  return (
    <>
      <dl className="your-fbt__figures">
        {figures.map(([key, label, amount, unit]) => (
          <div key={key} className={`your-fbt__figure your-fbt__figure--${key}`}>
            <dt>{label}</dt>
            <dd data-testid={`your-fbt-${key}`}>
              {amount} <span className="your-fbt__unit">{unit}</span>
            </dd>
          </div>
        ))}
      </dl>
      {refund ? null : (
        <div className="your-fbt__bar" aria-hidden="true">
          <div
            className="your-fbt__bar-fill"
            style={share > 0 ? { width: `${share}%` } : undefined}
          />
        </div>
      )}
    </>
  );
}

/** The vesting schedule: completion, cliff and full unlock, each with its date once known. */
function Schedule({ steps, nowSeconds }: { steps: readonly ScheduleStep[]; nowSeconds: number }) {
  const { t, language } = useI18n();
  const headingId = useId();
  const names = {
    completion: t('yourFbt.stepCompletion'),
    cliff: t('yourFbt.stepCliff'),
    end: t('yourFbt.stepEnd'),
  };
  const when = (step: ScheduleStep): string =>
    step.at !== null
      ? formatDateTime(step.at * 1000, language)
      : step.afterSeconds === 0
        ? t('yourFbt.whenCompletes')
        : t('yourFbt.afterCompletion', { duration: formatDuration(step.afterSeconds, language) });
  return (
    <section className="your-fbt__schedule" aria-labelledby={headingId}>
      <h3 id={headingId} className="your-fbt__schedule-title">
        {t('yourFbt.schedule')}
      </h3>
      <ol className="your-fbt__steps">
        {steps.map((step) => (
          <li
            key={step.step}
            className={`your-fbt__step${step.at !== null && step.at <= nowSeconds ? ' your-fbt__step--past' : ''}`}
            data-testid={`your-fbt-step-${step.step}`}
          >
            <span className="your-fbt__step-name">{names[step.step]}</span>
            <span className="your-fbt__step-when">{when(step)}</span>
            <span className="your-fbt__step-what">
              {step.unlockedBps === null
                ? t('yourFbt.linearStarts')
                : t('yourFbt.shareUnlocked', { percent: formatBps(step.unlockedBps, language) })}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Claim (something unlocked) or Refund (a failed sale), with the step while it runs. */
function DeliveryButton({
  view,
  actions,
  target,
}: {
  view: Shown;
  actions: DeliveryActions;
  target: DeliveryTarget | null;
}) {
  const { t, language } = useI18n();
  const running = actions.running;
  const runningText = running === null ? null : t(`purchase.stage.${running.stage}`);
  if (view.kind === 'refund') {
    return (
      <TransactionButton
        className="transaction-button your-fbt__action"
        send={{
          onClick: () => void (target && actions.refund(target)),
          disabled: running !== null || target === null,
          runningText,
          label: t('yourFbt.refund', { sol: solText(view.tokens.paidLamports, language) }),
          testId: 'your-fbt-refund',
        }}
      />
    );
  }
  if (view.kind !== 'delivering' || (view.claimable === 0n && running === null)) return null;
  return (
    <div className="your-fbt__claim">
      <div>
        <p className="your-fbt__claim-label">{t('yourFbt.claimable')}</p>
        <p className="your-fbt__claim-amount" data-testid="your-fbt-claimable">
          {fbtText(view.claimable, language)} FBT
        </p>
      </div>
      <TransactionButton
        className="transaction-button your-fbt__action"
        send={{
          onClick: () => void (target && actions.claim(target)),
          disabled: running !== null || target === null || view.claimable === 0n,
          runningText,
          label: t('yourFbt.claim', { fbt: fbtText(view.claimable, language) }),
          testId: 'your-fbt-claim',
        }}
      />
    </div>
  );
}

/** The end of a Claim or Refund: what reached the wallet, or the error. */
function DeliveryResultDialog({
  dialog,
  config,
  onClose,
}: {
  dialog: DeliveryDialog;
  config: ConfigResponse;
  onClose: () => void;
}) {
  const { t, language } = useI18n();
  if (dialog.kind === 'error') {
    return <TransactionErrorDialog title="DIALOG__ERROR" lines={dialog.lines} onClose={onClose} />;
  }
  const claimed = dialog.kind === 'claimed';
  const amount = claimed ? dialog.tokens : dialog.lamports;
  return (
    <TransactionSuccessDialog
      title={claimed ? t('yourFbt.claimedTitle') : t('yourFbt.refundedTitle')}
      signature={dialog.signature}
      href={explorerTxUrl(dialog.signature, config.cluster, config.explorerRpcUrl ?? undefined)}
      onClose={onClose}
      {...(amount === null
        ? {}
        : {
            summary: claimed
              ? t('yourFbt.claimedSummary', { fbt: fbtText(amount, language) })
              : t('yourFbt.refundedSummary', { sol: solText(amount, language) }),
          })}
    />
  );
}

/**
 * "Your FBT" on an at-completion presale, for the connected wallet that bought there: what it
 * bought, was delivered and is still to come, the vesting schedule with its dates (completion,
 * cliff, full unlock), Claim when something is unlocked and not yet delivered, and Refund when
 * the sale failed. Nothing on an instant presale (the FBT came with the buy) or without a
 * purchase.
 */
export function YourFbtPanel({
  view,
  nowSeconds,
  actions,
  target,
  config,
}: {
  view: YourFbtView;
  nowSeconds: number;
  actions: DeliveryActions;
  target: DeliveryTarget | null;
  config: ConfigResponse | undefined;
}) {
  const { t, language } = useI18n();
  const titleId = useId();
  // Failed, or complete below its minimum: the SOL comes back, no FBT will.
  const refunds =
    view.kind === 'refund' || (view.kind === 'waiting' && view.phase === 'below-minimum');
  return (
    <>
      {view.kind === 'none' ? null : (
        <section
          className={`your-fbt card your-fbt--${view.kind}`}
          aria-labelledby={titleId}
          data-testid="your-fbt"
          data-state={view.kind}
        >
          <h2 id={titleId} className="your-fbt__title">
            {t('yourFbt.title')}
          </h2>
          <p className="your-fbt__status" data-testid="your-fbt-status">
            {statusText(t, language, view)}
          </p>
          <TokenFigures tokens={view.tokens} refund={refunds} />
          {refunds ? null : <Schedule steps={view.schedule} nowSeconds={nowSeconds} />}
          <DeliveryButton view={view} actions={actions} target={target} />
        </section>
      )}
      {actions.dialog !== null && config !== undefined ? (
        <DeliveryResultDialog
          dialog={actions.dialog}
          config={config}
          onClose={actions.closeDialog}
        />
      ) : null}
    </>
  );
}

/** The panel for the purchase box's connected wallet, with its Claim and Refund. */
export function YourFbt({ variant }: { variant: PresaleVariant }) {
  const { address, delivery } = usePurchaseSession();
  const { view, target, config, nowSeconds } = useYourFbt(variant, address);
  return (
    <YourFbtPanel
      view={view}
      nowSeconds={nowSeconds}
      actions={delivery}
      target={target}
      config={config}
    />
  );
}
