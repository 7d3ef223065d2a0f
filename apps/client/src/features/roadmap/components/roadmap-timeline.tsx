import type { ComponentType } from 'react';
import { MegaphoneIcon, RocketIcon, SparkIcon, UsersIcon } from '../../../components/ui/icons';
import type { MessageKey } from '../../../lib/i18n/en';
import { useI18n } from '../../../lib/i18n/i18n';
import './roadmap.css';

interface TimelineElement {
  id: string;
  date: MessageKey;
  icon: ComponentType<{ size?: number }>;
  title: MessageKey;
  description: MessageKey;
}

const steps: TimelineElement[] = [
  {
    id: 'step1',
    date: 'roadmap.step1.date',
    icon: UsersIcon,
    title: 'roadmap.step1.title',
    description: 'roadmap.step1.description',
  },
  {
    id: 'step2',
    date: 'roadmap.step2.date',
    icon: MegaphoneIcon,
    title: 'roadmap.step2.title',
    description: 'roadmap.step2.description',
  },
  {
    id: 'step3',
    date: 'roadmap.step3.date',
    icon: SparkIcon,
    title: 'roadmap.step3.title',
    description: 'roadmap.step3.description',
  },
  {
    id: 'step4',
    date: 'roadmap.step4.date',
    icon: RocketIcon,
    title: 'roadmap.step4.title',
    description: 'roadmap.step4.description',
  },
];

/** 'FBT Roadmap': heading, subtitle and the four-step timeline. */
export function RoadmapTimeline() {
  const { t } = useI18n();
  return (
    <>
      <header className="page-header container">
        <p className="eyebrow">{t('roadmap.eyebrow')}</p>
        <h1 className="page-title">{t('roadmap.title')}</h1>
        <p className="lead">{t('roadmap.subtitle')}</p>
      </header>
      <div className="container">
        <ol className="timeline">
          {steps.map(({ id, date, icon: Icon, title, description }, index) => (
            <li
              key={id}
              className={`timeline__item${index % 2 ? ' timeline__item--right' : ''}`}
              data-testid="roadmap-step"
            >
              <span className="timeline__dot" aria-hidden="true">
                <Icon size={22} />
              </span>
              <article className="timeline__card card">
                <p className="timeline__date">{t(date)}</p>
                <h2 className="timeline__title">{t(title)}</h2>
                <p className="timeline__text">{t(description)}</p>
              </article>
            </li>
          ))}
        </ol>
      </div>
    </>
  );
}
