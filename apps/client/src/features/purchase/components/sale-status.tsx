import { formatDateTime } from '../../../lib/format-time';
import { useI18n } from '../../../lib/i18n/i18n';
import { splitCountdown, type SalePhase } from '../lib/sale-window';

/** A moment in the visitor's language and time zone, e.g. '12 Jun 2026, 18:00'. */
export const formatSaleTime = formatDateTime;

const two = (value: number) => String(value).padStart(2, '0');

/**
 * Before the window opens: 'The sale opens in' with days, hours, minutes and seconds ticking
 * down, and when (Send stays disabled until then).
 */
export function SaleCountdown({
  startsAt,
  remainingMs,
}: {
  startsAt: number;
  remainingMs: number;
}) {
  const { t, language } = useI18n();
  const parts = splitCountdown(remainingMs);
  const units = [
    [parts.days, t('sale.days')],
    [parts.hours, t('sale.hours')],
    [parts.minutes, t('sale.minutes')],
    [parts.seconds, t('sale.seconds')],
  ] as const;
  return (
    <div className="sale-countdown" role="timer" aria-live="off" data-testid="sale-countdown">
      <p className="sale-countdown__label">{t('sale.opensIn')}</p>
      <ol className="sale-countdown__units">
        {units.map(([value, unit]) => (
          <li key={unit} className="sale-countdown__unit">
            <span className="sale-countdown__value">{two(value)}</span>
            <span className="sale-countdown__name">{unit}</span>
          </li>
        ))}
      </ol>
      <p className="sale-countdown__at" data-testid="sale-opens-at">
        {t('sale.opensAt', { date: formatSaleTime(startsAt, language) })}
      </p>
    </div>
  );
}

/**
 * After the window closed: the box gives way to this card, like a sold-out presale; on an
 * at-completion presale `next` says what happens to the buyers' FBT (or SOL).
 */
export function SaleEndedCard({ endedAt, next }: { endedAt: number; next?: string }) {
  const { t, language } = useI18n();
  return (
    <section className="purchase card purchase--ended" data-testid="sale-ended">
      <h2 className="purchase__title">{t('sale.endedTitle')}</h2>
      <p className="purchase__subtitle">
        {t('sale.endedText', { date: formatSaleTime(endedAt, language) })}
      </p>
      {next === undefined ? null : (
        <p className="purchase__subtitle" data-testid="sale-next">
          {next}
        </p>
      )}
    </section>
  );
}

/**
 * The sale window in the box: the countdown before it opens, when it closes while open (with an
 * end), nothing otherwise.
 */
export function SaleTiming({ timing }: { timing: SalePhase }) {
  const { t, language } = useI18n();
  if (timing.phase === 'not-started') {
    return <SaleCountdown startsAt={timing.startsAt} remainingMs={timing.remainingMs} />;
  }
  if (timing.phase === 'open' && timing.endsAt !== null) {
    return (
      <p className="purchase__limits" data-testid="sale-closes-at">
        {t('sale.closesAt', { date: formatSaleTime(timing.endsAt, language) })}
      </p>
    );
  }
  return null;
}

/**
 * A sold-out presale: the box gives way to this card; on an at-completion presale it says the
 * FBT come once the sale is finalized (`atCompletion`).
 */
export function SoldOutCard({ atCompletion = false }: { atCompletion?: boolean }) {
  const { t } = useI18n();
  return (
    <section className="purchase card purchase--sold-out" data-testid="sold-out">
      <h2 className="purchase__title">{t('purchase.soldOutTitle')}</h2>
      <p className="purchase__subtitle">
        {atCompletion ? t('delivery.soldOutText') : t('purchase.soldOutText')}
      </p>
    </section>
  );
}
