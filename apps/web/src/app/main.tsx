import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '../index.css';
import { storage } from '../lib/storage';
import { applyTheme, readStoredTheme } from '../lib/theme';
import { AppShell } from './app-shell';

// public/theme-boot.js applied it before the first paint (the CSP allows no inline script); this
// keeps the SPA right if that file failed to load.
applyTheme(readStoredTheme());

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const app = <AppShell Router={BrowserRouter} />;
const anonymous = !storage.get('token');
const contactHost = container.querySelector<HTMLElement>('[data-contact-island]');
if (container.hasAttribute('data-spa-entry') && anonymous && contactHost) {
  // The prerendered landing page added this entry for its contact form only: the rest of the
  // page stays static HTML (public-entry.ts).
  void import('./contact-island').then(({ mountContactIsland }) => mountContactIsland(contactHost));
} else if (container.hasAttribute('data-prerendered') && anonymous && window.location.search === '') {
  // A prerendered sign-in page (scripts/prerender.mjs) whose form the visitor reached for, as an
  // anonymous visitor with no query string: React takes over its HTML, keeping what was typed.
  hydrateRoot(container, app);
} else {
  // Anyone else (a stored session: the guards redirect; ?reason=…: other text) would not match
  // a prerendered page, so React renders afresh over it.
  createRoot(container).render(app);
}
