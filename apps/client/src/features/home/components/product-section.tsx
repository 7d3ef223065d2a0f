import presaleCoin from '../../../assets/art/presale-coin.svg';
import { ShieldIcon } from '../../../components/ui/icons';
import type { MessageKey } from '../../../lib/i18n/en';
import { useI18n } from '../../../lib/i18n/i18n';

const points: MessageKey[] = ['product.point1', 'product.point2', 'product.point3'];

/** Product section: image on one side, headline and paragraph on the other. */
export function ProductSection() {
  const { t } = useI18n();
  return (
    <section id="product" className="section product" aria-labelledby="product-title">
      <div className="container product__grid">
        <div className="product__art">
          <img src={presaleCoin} width={360} height={360} alt={t('product.imageAlt')} />
        </div>
        <div className="product__copy">
          <p className="eyebrow">{t('product.eyebrow')}</p>
          <h2 id="product-title" className="section-title">
            {t('product.title')}
          </h2>
          <p className="lead">{t('product.body')}</p>
          <ul className="product__points">
            {points.map((key) => (
              <li key={key}>
                <ShieldIcon size={20} />
                <span>{t(key)}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
