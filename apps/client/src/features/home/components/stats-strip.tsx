import type { MessageKey } from '../../../lib/i18n/en';
import { useI18n } from '../../../lib/i18n/i18n';

const stats: { id: string; value: MessageKey; title: MessageKey }[] = [
  { id: 'tradable', value: 'stats.tradable.value', title: 'stats.tradable.title' },
  { id: 'supply', value: 'stats.supply.value', title: 'stats.supply.title' },
  { id: 'transparent', value: 'stats.transparent.value', title: 'stats.transparent.title' },
];

/** Stats strip: Tradable, Supply 100M, Transparent. */
export function StatsStrip() {
  const { t } = useI18n();
  return (
    <section className="stats" aria-label={t('stats.label')}>
      <div className="container">
        <dl className="stats__grid">
          {stats.map((stat) => (
            <div key={stat.id} className="stats__item" data-testid={`stat-${stat.id}`}>
              <dt className="stats__title">{t(stat.title)}</dt>
              <dd className="stats__value">{t(stat.value)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
