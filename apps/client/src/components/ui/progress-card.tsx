import { computeProgress } from '@fbt/domain';
import type { ReactNode } from 'react';
import completedBadge from '../../assets/art/completed-badge.svg';
import { useI18n } from '../../lib/i18n/i18n';
import './progress-card.css';

export interface ProgressCardProps {
  /** Card title, e.g. 'SOL Target' or 'Telegram Members'. */
  title: string;
  /** Goal in display units (SOL, members): shown as the big number. */
  goalLabel: string;
  /** Current and goal in exact integer base units (lamports, members). */
  current: bigint;
  goal: bigint;
  /** Current value formatted for display ('12.5'), or null when unknown (nothing shown). */
  currentLabel: string | null;
  /** Unit word after the current value, e.g. 'SOL Raised' or 'members'. */
  unit: string;
  /** Formats the remaining amount (base units) with its unit, e.g. '62.5 SOL'. */
  formatRemaining: (remaining: bigint) => string;
  /** Icon or artwork next to the title. */
  icon?: ReactNode;
  /** Live data shows a 'completed' badge image once the goal is met. */
  live?: boolean;
  /** The count has stopped below the goal (a sale that closed): no 'to go'. */
  final?: boolean;
  /** Dimmed (opacity 0.3) cards show no value. */
  dimmed?: boolean;
  footer?: ReactNode;
  testId?: string;
}

/**
 * Progress toward a goal: goal number and title, a fill of
 * current/goal (0 when the goal is 0), a remaining line with the current value and unit while
 * below goal (just the value once the count stopped, `final`), and 'Completed' once the goal is
 * met.
 */
export function ProgressCard(props: ProgressCardProps) {
  const { t } = useI18n();
  const progress = computeProgress(props.current, props.goal);
  const showValue = !props.dimmed && props.currentLabel !== null;
  const percent = showValue ? progress.fillPercent : 0;

  return (
    <article
      className={`progress-card card${props.dimmed ? ' progress-card--dimmed' : ''}${progress.completed && showValue ? ' progress-card--done' : ''}`}
      data-testid={props.testId}
      aria-label={`${props.title}: ${props.goalLabel}`}
    >
      <header className="progress-card__head">
        {props.icon ? <span className="progress-card__icon">{props.icon}</span> : null}
        <div>
          <p className="progress-card__goal">{props.goalLabel}</p>
          <h3 className="progress-card__title">{props.title}</h3>
        </div>
        {props.live && showValue && progress.completed ? (
          <img
            className="progress-card__badge"
            src={completedBadge}
            width={48}
            height={48}
            alt={t('progress.completedAlt')}
          />
        ) : null}
      </header>
      <div
        className="progress-card__track"
        role="progressbar"
        aria-label={props.title}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
        aria-valuetext={t('progress.percent', {
          percent: percent.toFixed(percent % 1 === 0 ? 0 : 2),
        })}
      >
        {/* No style attribute at 0 (CSS's width): the CSP refuses style attributes in HTML, so
            the build-time markup of a page (its loading state) must not carry one. */}
        <div
          className="progress-card__fill"
          style={percent > 0 ? { width: `${percent}%` } : undefined}
        />
      </div>
      <p
        className="progress-card__status"
        data-testid={props.testId ? `${props.testId}-status` : undefined}
      >
        {!showValue ? (
          <span className="progress-card__locked">{props.footer}</span>
        ) : progress.completed ? (
          <strong className="progress-card__completed">{t('progress.completed')}</strong>
        ) : props.final === true ? (
          t('progress.final', { current: props.currentLabel ?? '', unit: props.unit })
        ) : (
          t('progress.remaining', {
            current: props.currentLabel ?? '',
            unit: props.unit,
            remaining: props.formatRemaining(progress.remaining),
          })
        )}
      </p>
      {showValue && props.footer ? (
        <div className="progress-card__footer">{props.footer}</div>
      ) : null}
    </article>
  );
}
