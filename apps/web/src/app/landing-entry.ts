import '../index.css';
import { enhanceLanding } from '../features/landing/enhance-landing';

// The entry of the prerendered landing page (scripts/prerender.mjs). It must stay small: nothing
// from src/lib (the app's shared chunk), no dynamic import (Vite's helper for it sits in that
// chunk) and no React before the visitor reaches for the form. React then comes with the SPA's
// own entry: a separate contact-form entry would split React out of it, one more file (and
// ~1 kB gzipped) on every signed-in page.

function hasStoredSession(): boolean {
  try {
    // The same test as main.tsx's: with a token the SPA takes over (and checks the session).
    return Boolean(window.localStorage.getItem('token'));
  } catch {
    return false;
  }
}

/** Adds the SPA's entry script, which the prerender names on #root (data-spa-entry). */
function addSpaEntry(): void {
  const src = document.getElementById('root')?.dataset.spaEntry;
  if (!src) return;
  const script = document.createElement('script');
  script.type = 'module';
  script.src = src;
  document.head.append(script);
}

function wireContactIsland(): void {
  const host = document.querySelector<HTMLElement>('[data-contact-island]');
  if (!host) return;
  let requested = false;
  const load = () => {
    if (requested) return;
    requested = true;
    // With no session, main.tsx mounts only the contact form (contact-island.tsx) on this page.
    addSpaEntry();
  };
  host.addEventListener('focusin', load);
  host.addEventListener('pointerdown', load);
  // Only the static form listens: the live form that replaces it handles its own submit.
  // contact-island.tsx replays the submit once it has mounted.
  host.querySelector('form')?.addEventListener('submit', (event) => {
    event.preventDefault();
    host.dataset.submitRequested = '';
    load();
  });
}

if (hasStoredSession()) {
  // A signed-in visitor ends up where the SPA sends them (PublicOnly: /dashboard or the
  // remembered path): the whole app takes over the page.
  addSpaEntry();
} else {
  enhanceLanding();
  wireContactIsland();
}
