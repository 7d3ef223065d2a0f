import type { ComponentType } from 'react';
import { GemIcon, StoreIcon, UsersIcon } from '../../../components/ui/icons';
import type { MessageKey } from '../../../lib/i18n/en';
import { useI18n } from '../../../lib/i18n/i18n';
import './home-sections.css';

const features: {
  id: string;
  Icon: ComponentType<{ size?: number }>;
  title: MessageKey;
  content: MessageKey;
}[] = [
  {
    id: 'referral',
    Icon: UsersIcon,
    title: 'features.referral.title',
    content: 'features.referral.content',
  },
  { id: 'nft', Icon: GemIcon, title: 'features.nft.title', content: 'features.nft.content' },
  {
    id: 'marketplace',
    Icon: StoreIcon,
    title: 'features.marketplace.title',
    content: 'features.marketplace.content',
  },
];

/** 'A Team ready to impress you' with the three advertised features. */
export function FeaturesSection() {
  const { t } = useI18n();
  return (
    <section id="features" className="section features" aria-labelledby="features-title">
      <div className="container">
        <div className="section-head">
          <p className="eyebrow">{t('features.eyebrow')}</p>
          <h2 id="features-title" className="section-title">
            {t('features.title')}
          </h2>
          <p className="lead">{t('features.lead')}</p>
        </div>
        <ul className="features__grid">
          {features.map(({ id, Icon, title, content }) => (
            <li key={id} className="feature card">
              <span className="feature__icon">
                <Icon size={26} />
              </span>
              <h3 className="feature__title">{t(title)}</h3>
              <p className="feature__content">{t(content)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
