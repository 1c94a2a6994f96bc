import {
  CLOSE_MENU_LABEL,
  HEADER_SCROLLED,
  HEADER_TOP,
  MOBILE_MENU_ID,
  OPEN_MENU_LABEL,
  SCROLL_STYLE_THRESHOLD,
} from './components/landing-chrome';

/**
 * Gives the prerendered landing page (static HTML, no React) what LandingHeader and HeroSection do
 * in the SPA: the header's scrolled look, the mobile menu, and the "View Demo" scroll. Plain DOM
 * code on purpose: React would cost ~60 kB gzipped before the page is usable.
 */
export function enhanceLanding(doc: Document = document): void {
  const header = doc.querySelector<HTMLElement>('[data-landing-header]');
  if (!header) return;

  const onScroll = () => {
    const scrolled = window.scrollY > SCROLL_STYLE_THRESHOLD;
    if (header.dataset.scrolled === String(scrolled)) return;
    header.dataset.scrolled = String(scrolled);
    for (const name of HEADER_SCROLLED.split(' ')) header.classList.toggle(name, scrolled);
    header.classList.toggle(HEADER_TOP, !scrolled);
  };
  onScroll();
  window.addEventListener('scroll', onScroll, { passive: true });

  const toggle = header.querySelector<HTMLButtonElement>(`[aria-controls="${MOBILE_MENU_ID}"]`);
  const menu = doc.getElementById(MOBILE_MENU_ID);
  const setOpen = (open: boolean) => {
    if (!toggle || !menu) return;
    menu.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', open ? CLOSE_MENU_LABEL : OPEN_MENU_LABEL);
    toggle.querySelector('[data-menu-icon="close"]')?.classList.toggle('hidden', !open);
    toggle.querySelector('[data-menu-icon="open"]')?.classList.toggle('hidden', open);
  };
  toggle?.addEventListener('click', () => setOpen(menu?.hidden === true));
  for (const link of menu?.querySelectorAll('a[href^="#"]') ?? []) {
    link.addEventListener('click', () => setOpen(false));
  }

  for (const button of doc.querySelectorAll<HTMLElement>('[data-scroll-to]')) {
    button.addEventListener('click', () => {
      doc.querySelector(button.dataset.scrollTo ?? '')?.scrollIntoView({ behavior: 'smooth' });
    });
  }
}
