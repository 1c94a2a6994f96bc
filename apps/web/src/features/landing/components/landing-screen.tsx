import { LandingHeader } from './landing-header';
import {
  AboutSection,
  ContactSection,
  FeaturesSection,
  HeroSection,
  LandingFooter,
  ShowcaseSection,
  StoriesSection,
} from './landing-sections';

/**
 * The landing page. Served prerendered as static HTML (scripts/prerender.mjs) with a small script
 * for its interactive bits (enhance-landing.ts); inside the SPA it renders as this component.
 */
export function LandingScreen() {
  return (
    <div className="bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <LandingHeader />
      <main>
        <HeroSection />
        <FeaturesSection />
        <AboutSection />
        <ShowcaseSection />
        <StoriesSection />
        <ContactSection />
      </main>
      <LandingFooter />
    </div>
  );
}
