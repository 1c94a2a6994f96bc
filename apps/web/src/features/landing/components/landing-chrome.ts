/**
 * The landing header's two looks and the mobile menu's labels, shared by the React screen (the
 * SPA) and the script that enhances the prerendered page (enhance-landing.ts), so both agree.
 * Nothing here may import from src/lib: that would pull the app's shared chunk into the
 * landing page's first load.
 */

/** The navigation takes its styled look after 50 px of scroll. */
export const SCROLL_STYLE_THRESHOLD = 50;

export const HEADER_BASE = 'fixed inset-x-0 top-0 z-40 transition-all';
export const HEADER_SCROLLED = 'bg-white/95 shadow-md backdrop-blur dark:bg-slate-900/95';
export const HEADER_TOP = 'bg-transparent';

export const OPEN_MENU_LABEL = 'Open menu';
export const CLOSE_MENU_LABEL = 'Close menu';
export const MOBILE_MENU_ID = 'landing-mobile-menu';

export const NAV = [
  ['#features', 'Features'],
  ['#about', 'About'],
  ['#contact', 'Contact'],
] as const;
