import { computeGoalRows, COUNT_AMOUNT, formatAmount, type GoalCard } from '@fbt/domain';
import { useEffect } from 'react';
import { ProgressCard } from '../../../components/ui/progress-card';
import { LockIcon, TelegramIcon, XIcon } from '../../../components/ui/icons';
import { SmartLink } from '../../../components/ui/smart-link';
import { useI18n } from '../../../lib/i18n/i18n';
import { useSiteContent } from '../../../lib/site-content';
import { useGoalsStream } from '../api/goals-stream';
import { useGoals } from '../api/get-goals';
import './goals.css';

/** Goals Live: motivation, then Telegram/Twitter cards for 1000, 5000 and 10000. */
export function GoalsBoard() {
  const { t, language } = useI18n();
  const streamStatus = useGoalsStream();
  const { links } = useSiteContent();
  const goals = useGoals(streamStatus !== 'open');
  const counts = {
    telegram: goals.data?.telegram.count ?? 0,
    twitter: goals.data?.x.count ?? 0,
  };
  const rows = computeGoalRows(counts);

  // A failed goals read is only logged; the cards keep showing their last values.
  useEffect(() => {
    if (goals.error) console.warn('goals fetch failed', goals.error);
  }, [goals.error]);
  const count = (value: number | bigint) => formatAmount(BigInt(value), COUNT_AMOUNT, language);

  const renderCard = (card: GoalCard) => {
    const isTelegram = card.community === 'telegram';
    const stale = isTelegram ? goals.data?.telegram.stale : goals.data?.x.stale;
    const known = goals.data !== undefined && card.value !== null;
    return (
      <ProgressCard
        key={card.community}
        testId={`goal-${card.community}-${card.target}`}
        title={isTelegram ? t('live.telegram') : t('live.twitter')}
        goalLabel={count(card.target)}
        current={BigInt(card.value ?? 0)}
        goal={BigInt(card.target)}
        currentLabel={known && card.value !== null ? count(card.value) : null}
        unit={isTelegram ? t('live.unitMembers') : t('live.unitUsers')}
        formatRemaining={(remaining) => count(remaining)}
        icon={isTelegram ? <TelegramIcon size={22} /> : <XIcon size={20} />}
        live
        dimmed={card.dimmed}
        footer={
          card.dimmed ? (
            <>
              <LockIcon size={16} /> {t('live.lockedRow')}
            </>
          ) : stale ? (
            <span className="goals__stale">{t('live.stale')}</span>
          ) : null
        }
      />
    );
  };

  return (
    <>
      <header className="page-header container">
        <p className="eyebrow">{t('live.eyebrow')}</p>
        <h1 className="page-title">{t('live.title')}</h1>
        <p className="goals__live" aria-live="polite">
          <span
            className={`goals__dot${streamStatus === 'open' ? ' is-live' : ''}`}
            aria-hidden="true"
          />
          {t('live.updated')}
        </p>
      </header>
      <div className="container goals">
        <div className="goals__intro">
          <p>{t('live.p1')}</p>
          <p>{t('live.p2')}</p>
          <p>{t('live.p3')}</p>
          <div className="goals__links">
            {links.telegram !== undefined ? (
              <SmartLink href={links.telegram} className="btn btn-primary btn-sm">
                <TelegramIcon size={18} /> {t('live.joinTelegram')}
              </SmartLink>
            ) : null}
            {links.x !== undefined ? (
              <SmartLink href={links.x} className="btn btn-secondary btn-sm">
                <XIcon size={16} /> {t('live.followX')}
              </SmartLink>
            ) : null}
          </div>
        </div>
        <div className="goals__rows">
          {rows.map((row) => (
            <div
              key={row.target}
              className="goals__row"
              data-testid={`goal-row-${row.target}`}
              aria-label={`${t('progress.goal')} ${count(row.target)}`}
              role="group"
            >
              {row.cards.map(renderCard)}
            </div>
          ))}
        </div>
      </div>
    </>
  );
}
