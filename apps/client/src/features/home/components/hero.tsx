import './home-hero.css';
import { heroSchedule } from '@fbt/domain';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import beastCalm from '../../../assets/art/beast-calm.svg';
import beastMutated from '../../../assets/art/beast-mutated.svg';
import { hasWhitepaper, WhitepaperDialog } from '../../../components/layout/whitepaper-dialog';
import { ArrowRightIcon, DocumentIcon } from '../../../components/ui/icons';
import { afterNextPaint } from '../../../lib/after-load';
import { useI18n } from '../../../lib/i18n/i18n';
import { useSiteContent } from '../../../lib/site-content';
import { useSchedule } from '../../../lib/use-schedule';

const createHeroSchedule = () => heroSchedule(Math.random);

/**
 * Whether the first paint is behind us. The second picture shows first after 3 s: fetched
 * before that paint, it would only share the phone's bandwidth with what the paint needs.
 */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let active = true;
    void afterNextPaint().then(() => {
      if (active) setPainted(true);
    });
    return () => {
      active = false;
    };
  }, []);
  return painted;
}

/** Home hero: tagline, happiness/mutation copy and the two pictures alternating on a timer. */
export function Hero() {
  const { t } = useI18n();
  const frame = useSchedule(createHeroSchedule);
  const [whitepaperOpen, setWhitepaperOpen] = useState(false);
  const content = useSiteContent();
  const painted = usePainted();

  return (
    <section id="home" className="hero" aria-labelledby="hero-title">
      <div className="container hero__grid">
        <div className="hero__copy">
          <p className="hero__eyebrow">
            <span className="hero__pulse" aria-hidden="true" />
            {t('hero.eyebrow')}
          </p>
          <h1 id="hero-title" className="hero__title">
            <span className="gradient-text">{t('hero.title')}</span>
          </h1>
          <p className="hero__blurb">{t('hero.blurb')}</p>
          <p className="hero__body">{t('hero.body')}</p>
          <div className="hero__actions">
            <Link to="/presale" className="btn btn-primary">
              {t('hero.ctaPresale')}
              <ArrowRightIcon size={18} />
            </Link>
            {hasWhitepaper(content) ? (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => setWhitepaperOpen(true)}
                aria-haspopup="dialog"
              >
                <DocumentIcon size={18} />
                {t('hero.ctaWhitepaper')}
              </button>
            ) : null}
          </div>
          <dl className="hero__facts">
            <div>
              <dt>{t('hero.price')}</dt>
              <dd>{t('hero.priceValue')}</dd>
            </div>
            <div>
              <dt>{t('stats.supply.title')}</dt>
              <dd>{t('hero.supplyValue')}</dd>
            </div>
          </dl>
        </div>
        <div className="hero__art" data-testid="hero-art" data-frame={frame}>
          <div className="hero__ring" aria-hidden="true" />
          <img
            src={beastCalm}
            width={400}
            height={400}
            alt={t('hero.imageAlt')}
            className={`hero__img${frame === 0 ? ' is-visible' : ''}`}
            aria-hidden={frame !== 0}
            fetchPriority="high"
          />
          {/* Without a source until then, but sized by width/height like the first one. */}
          <img
            src={painted ? beastMutated : undefined}
            width={400}
            height={400}
            alt={t('hero.imageAltMutated')}
            className={`hero__img${frame === 1 ? ' is-visible' : ''}`}
            aria-hidden={frame !== 1}
          />
        </div>
      </div>
      {whitepaperOpen ? <WhitepaperDialog onClose={() => setWhitepaperOpen(false)} /> : null}
    </section>
  );
}
