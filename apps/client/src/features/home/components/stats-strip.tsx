import { Link } from 'react-router';
import { ArrowRightIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/routes';
import type { MessageKey } from '../../../lib/i18n/en';
import { useI18n } from '../../../lib/i18n/i18n';

const stats: { id: string; value: MessageKey; title: MessageKey }[] = [
  { id: 'tradable', value: 'stats.tradable.value', title: 'stats.tradable.title' },
  { id: 'supply', value: 'stats.supply.value', title: 'stats.supply.title' },
  { id: 'transparent', value: 'stats.transparent.value', title: 'stats.transparent.title' },
];

/** Stats strip: Tradable, Supply 100M, Transparent (a link to the verify page). */
export function StatsStrip() {
  const { t } = useI18n();
  return (
    <section className="stats" aria-label={t('stats.label')}>
      <div className="container">
        <dl className="stats__grid">
          {stats.map((stat) => (
            <div key={stat.id} className="stats__item" data-testid={`stat-${stat.id}`}>
              <dt className="stats__title">{t(stat.title)}</dt>
              <dd className="stats__value">
                {stat.id === 'transparent' ? (
                  <Link
                    to={paths.verify}
                    className="stats__link"
                    aria-label={`${t(stat.value)}: ${t('stats.transparent.link')}`}
                    data-testid="stat-transparent-link"
                  >
                    {t(stat.value)}
                    <ArrowRightIcon size={22} />
                  </Link>
                ) : (
                  t(stat.value)
                )}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
