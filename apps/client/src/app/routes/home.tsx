import { FeaturesSection } from '../../features/home/components/features-section';
import { Hero } from '../../features/home/components/hero';
import { HoldSection } from '../../features/home/components/hold-section';
import { ProductSection } from '../../features/home/components/product-section';
import { StatsStrip } from '../../features/home/components/stats-strip';
import { WhitepaperCta } from '../../features/home/components/whitepaper-cta';

/** Home: hero, stats, features, product, whitepaper call to action, hold the token. */
export function HomeRoute() {
  return (
    <>
      <Hero />
      <StatsStrip />
      <FeaturesSection />
      <ProductSection />
      <WhitepaperCta />
      <HoldSection />
    </>
  );
}
