import { COUNT_AMOUNT, formatAmount, SOL_AMOUNT, type AmountLanguage } from '@fbt/domain';
import type { ClaimStage } from '@fbt/purchase';
import { TransactionButton } from '../../../components/transaction/transaction-button';
import { useI18n } from '../../../lib/i18n/i18n';
import type { LeaderEarnings } from '../api/get-leader-earnings';
import { ShareLink } from './share-link';

const sol = (lamports: bigint, language: AmountLanguage) =>
  `${formatAmount(lamports, SOL_AMOUNT, language)} SOL`;

/**
 * One leader code: its state, what was bought through it and what it earned, claimed and can
 * claim now (Claim, with the purchase's stages while it runs), and its share and Blink links.
 */
export function EarningsCard({
  earnings,
  link,
  blink,
  claimStage,
  claimBusy,
  onClaim,
}: {
  earnings: LeaderEarnings;
  link: string;
  /** The code's Blink link, or null when the page's origin serves none. */
  blink: string | null;
  /** The stage of this code's claim while it runs, else null. */
  claimStage: ClaimStage | null;
  /** Some claim is running (one at a time). */
  claimBusy: boolean;
  onClaim: () => void;
}) {
  const { t, language } = useI18n();
  const stats = [
    ['volume', t('earnings.volume'), sol(earnings.volumeLamports, language)],
    ['buys', t('earnings.buys'), formatAmount(BigInt(earnings.buys), COUNT_AMOUNT, language)],
    ['earned', t('earnings.earned'), sol(earnings.earnedLamports, language)],
    ['claimed', t('earnings.claimed'), sol(earnings.claimedLamports, language)],
  ] as const;
  const canClaim = earnings.claimableLamports > 0n && !claimBusy;

  return (
    <article
      className="earnings-card card"
      aria-labelledby={`code-${earnings.code}`}
      data-testid="earnings-card"
      data-code={earnings.code}
    >
      <div className="earnings-card__head">
        <div>
          <p className="earnings-card__label">{t('earnings.codeLabel')}</p>
          <h2 id={`code-${earnings.code}`} className="earnings-card__code">
            {earnings.code}
          </h2>
        </div>
        <span
          className={`earnings-card__badge${earnings.active ? '' : ' earnings-card__badge--off'}`}
          data-testid="earnings-status"
        >
          {earnings.active ? t('earnings.active') : t('earnings.suspended')}
        </span>
      </div>
      {earnings.active ? null : (
        <p className="earnings-note earnings-note--warn" data-testid="earnings-suspended">
          {t('earnings.suspendedNote')}
        </p>
      )}

      <dl className="earnings-card__stats">
        {stats.map(([key, label, value]) => (
          <div key={key} className="earnings-card__stat">
            <dt>{label}</dt>
            <dd data-testid={`earnings-${key}`}>{value}</dd>
          </div>
        ))}
      </dl>

      <div className="earnings-card__claim">
        <div>
          <p className="earnings-card__label">{t('earnings.claimable')}</p>
          <p className="earnings-card__claimable" data-testid="earnings-claimable">
            {sol(earnings.claimableLamports, language)}
          </p>
        </div>
        <TransactionButton
          className="transaction-button earnings-card__claim-button"
          send={{
            onClick: onClaim,
            disabled: !canClaim,
            runningText: claimStage !== null ? t(`purchase.stage.${claimStage}`) : null,
            label:
              earnings.claimableLamports > 0n
                ? t('earnings.claim', {
                    sol: formatAmount(earnings.claimableLamports, SOL_AMOUNT, language),
                  })
                : t('earnings.nothingToClaim'),
            testId: 'earnings-claim',
          }}
        />
      </div>

      <ShareLink code={earnings.code} link={link} blink={blink} />
    </article>
  );
}
