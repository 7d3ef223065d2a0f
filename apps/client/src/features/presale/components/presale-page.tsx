import {
  characterSchedule,
  eyesSchedule,
  formatAmount,
  PUBLIC_TARGET_LAMPORTS,
  LEADER_TARGET_LAMPORTS,
  SOL_AMOUNT,
  type PresaleDeliveryView,
  type PresaleVariant,
} from '@fbt/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import beastCalm from '../../../assets/art/beast-calm.svg';
import beastMutated from '../../../assets/art/beast-mutated.svg';
import eyesGlance from '../../../assets/art/eyes-glance.svg';
import eyesOpen from '../../../assets/art/eyes-open.svg';
// The presale pages' largest paint: inlined into the route's code (2.3 KiB, just over the build's
// inline limit) so it paints with the route instead of after a request the route starts.
import presaleCoin from '../../../assets/art/presale-coin.svg?inline';
import { ArrowRightIcon, ShieldIcon } from '../../../components/ui/icons';
import { ProgressCard } from '../../../components/ui/progress-card';
import { paths } from '../../../config/routes';
import { useDistributionReport } from '../../../lib/distribution-api';
import { formatDateTime } from '../../../lib/format-time';
import { useI18n } from '../../../lib/i18n/i18n';
import { useNow } from '../../../lib/use-now';
import { useSchedule } from '../../../lib/use-schedule';
import { presaleDelivery, usePresale } from '../../../lib/presale-api';
import { LEADER_CODE_UNREAD, useLeaderCode } from '../../../lib/use-leader-code';
import { distributionStatus } from '../lib/distribution';
import { DistributionLine } from './distribution-status';
import './presale.css';

const createCharacterSchedule = () => characterSchedule(Math.random);
const createEyesSchedule = () => eyesSchedule(Math.random);

/** Animated beast (public page) or eyes (private and leader pages); hidden at <= 600 px. */
function PresaleCharacter({ variant }: { variant: PresaleVariant }) {
  const { t } = useI18n();
  const isEyes = variant !== 'public';
  const frame = useSchedule(isEyes ? createEyesSchedule : createCharacterSchedule);
  const frames = isEyes
    ? { first: eyesOpen, second: eyesGlance, width: 320, height: 160, alt: t('presale.eyesAlt') }
    : {
        first: beastCalm,
        second: beastMutated,
        width: 400,
        height: 400,
        alt: t('presale.characterAlt'),
      };
  return (
    <div
      className={`presale__character${isEyes ? ' presale__character--eyes' : ''}`}
      data-testid="presale-character"
      data-frame={frame}
    >
      <img
        src={frame === 0 ? frames.first : frames.second}
        width={frames.width}
        height={frames.height}
        alt={frames.alt}
      />
    </div>
  );
}

/**
 * The distribution's status for the 'SOL Target' card (the keeper's live report when the stream
 * brought one, else the presale account's fields), re-evaluated every second while the sale's
 * window or a vesting can end.
 */
function useDistribution(
  variant: PresaleVariant,
  delivery: PresaleDeliveryView | undefined,
  saleEnd: number | null,
  raised: bigint | null,
) {
  const report = useDistributionReport(variant, delivery?.mode === 'at-completion');
  const ticking =
    delivery?.mode === 'at-completion' &&
    (saleEnd !== null || (delivery.status === 'succeeded' && delivery.vesting.vestingSeconds > 0));
  const nowSeconds = Math.floor(useNow(1_000, ticking) / 1000);
  return delivery === undefined
    ? null
    : distributionStatus({
        delivery,
        nowSeconds,
        saleEnded: saleEnd !== null && nowSeconds >= saleEnd,
        ...(raised === null ? {} : { raised }),
        ...(report === undefined ? {} : { report }),
      });
}

/**
 * 'How to buy', with when the FBT arrive by the presale's delivery mode: at once, in the buy's
 * transaction (instant), or when the sale completes, distribution starting by itself (at
 * completion). Until the presale is read, the steps that hold for both.
 */
function HowToBuy({
  delivery,
  saleEnd,
}: {
  delivery: PresaleDeliveryView | undefined;
  saleEnd: number | null;
}) {
  const { t, language } = useI18n();
  const atCompletion = delivery?.mode === 'at-completion';
  const sentence =
    delivery === undefined
      ? null
      : !atCompletion
        ? t('delivery.copyInstant')
        : saleEnd === null
          ? t('presale.copy2')
          : t('delivery.copyCompletionEnd', { date: formatDateTime(saleEnd * 1000, language) });
  return (
    <section className="presale__how card" aria-labelledby="how-title">
      <h2 id="how-title" className="presale__how-title">
        {t('presale.howTitle')}
      </h2>
      {sentence === null ? null : (
        <p className="presale__delivery" data-testid="delivery-copy" data-mode={delivery?.mode}>
          {sentence}
        </p>
      )}
      <ol className="presale__steps">
        <li>{t('presale.how1')}</li>
        <li>{t('presale.how2')}</li>
        {delivery === undefined ? null : (
          <li data-testid="how-deliver">
            {atCompletion ? t('delivery.how3Completion') : t('presale.how3')}
          </li>
        )}
      </ol>
    </section>
  );
}

/**
 * A presale page (public `presale`, private `{name}`, `leader`): heading, copy, image, the
 * purchase box (a slot the route fills, so wallet and purchase code stay in their features),
 * the animated character, the 'SOL Target' progress card (with the distribution's progress once
 * an at-completion sale completed) and, while it sells, how to buy, saying when the FBT arrive.
 */
export function PresalePage({
  variant,
  purchaseBox,
}: {
  variant: PresaleVariant;
  purchaseBox?: ReactNode;
}) {
  const { t, language } = useI18n();
  const presale = usePresale(variant);
  const leaderCode = useLeaderCode(variant);

  const target =
    presale.data !== undefined
      ? BigInt(presale.data.targetLamports)
      : variant === 'leader'
        ? LEADER_TARGET_LAMPORTS
        : variant === 'public'
          ? PUBLIC_TARGET_LAMPORTS
          : null;
  const raised = presale.data ? BigInt(presale.data.state.currentTotalSold) : null;
  const delivery = presale.data ? presaleDelivery(presale.data) : undefined;
  const distribution = useDistribution(variant, delivery, presale.data?.window.end ?? null, raised);

  return (
    <div className="presale" data-variant={variant}>
      <header className="page-header container presale__header">
        <p className="eyebrow">
          {variant === 'private'
            ? t('presale.privateBadge')
            : variant === 'leader'
              ? t('presale.leaderBadge')
              : t('presale.eyebrow')}
        </p>
        <h1 className="page-title">{t('presale.title')}</h1>
        <div className="presale__copy">
          <p>{t('presale.copy1')}</p>
          <p>{t('delivery.copyProgram')}</p>
          <p className="presale__question">{t('presale.copy3')}</p>
        </div>
        {variant === 'leader' ? (
          <p className="presale__leader" data-testid="leader-code">
            {leaderCode === LEADER_CODE_UNREAD ? (
              // The build-time first paint: the link's code is read a moment later.
              <>
                {t('presale.leaderCode')}: <strong aria-busy="true">…</strong>
              </>
            ) : leaderCode ? (
              <>
                {t('presale.leaderCode')}: <strong>{leaderCode}</strong>
              </>
            ) : (
              t('presale.leaderCodeMissing')
            )}
          </p>
        ) : null}
        {variant === 'leader' ? (
          <Link
            className="presale__earnings-link"
            to={paths.leaderEarnings}
            data-testid="leader-earnings-link"
          >
            {t('presale.earningsLink')}
            <ArrowRightIcon size={16} />
          </Link>
        ) : null}
        <Link
          className="presale__earnings-link presale__verify-link"
          to={`${paths.verify}?sale=${variant}`}
          data-testid="verify-sale-link"
        >
          <ShieldIcon size={16} />
          {t('presale.verifyLink')}
        </Link>
      </header>

      <div className="container presale__grid">
        <div className="presale__visual">
          <img
            className="presale__image"
            src={presaleCoin}
            width={360}
            height={360}
            alt={t('presale.imageAlt')}
          />
          <PresaleCharacter variant={variant} />
        </div>
        <div className="presale__side">
          {purchaseBox}
          <ProgressCard
            testId="sol-target"
            title={t('presale.targetTitle')}
            goalLabel={target !== null ? `${formatAmount(target, SOL_AMOUNT, language)} SOL` : '—'}
            current={raised ?? 0n}
            goal={target ?? 0n}
            currentLabel={raised !== null ? formatAmount(raised, SOL_AMOUNT, language) : null}
            unit={t('presale.targetType')}
            formatRemaining={(remaining) => `${formatAmount(remaining, SOL_AMOUNT, language)} SOL`}
            {...(distribution === null
              ? {}
              : { footer: <DistributionLine status={distribution} />, final: true })}
          />
          {distribution === null ? (
            <HowToBuy delivery={delivery} saleEnd={presale.data?.window.end ?? null} />
          ) : null}
        </div>
      </div>
    </div>
  );
}
