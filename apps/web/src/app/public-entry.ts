import '../index.css';
import { enhanceLanding } from '../features/landing/enhance-landing';
import { MARKERS } from './public-markers';

// The entry of every prerendered public page (scripts/prerender.mjs): /, /login, /signup,
// /forgot-password, /terms, /privacy. It must stay small: nothing from src/lib (the app's shared
// chunk), no dynamic import (Vite's helper for it sits in that chunk) and no React until the
// visitor reaches for a form. React then comes with the SPA's own entry, which takes the page over
// (main.tsx): a separate form entry would split React out of it, one more file (and ~1 kB
// gzipped) on every signed-in page.

function hasStoredSession(): boolean {
  try {
    // The same test as main.tsx's: with a token the SPA takes over (and checks the session).
    return Boolean(window.localStorage.getItem('token'));
  } catch {
    return false;
  }
}

let spaRequested = false;
let spaFailed = false;
/** Adds the SPA's entry script, which the prerender names on #root (data-spa-entry), once. */
function addSpaEntry(): void {
  const src = document.getElementById('root')?.dataset.spaEntry;
  if (!src || spaRequested) return;
  spaRequested = true;
  const script = document.createElement('script');
  script.type = 'module';
  script.src = src;
  // The browser keeps a failed module fetch for the page's life, so only a reload can try again:
  // a held submit says so rather than waiting in silence.
  script.addEventListener('error', () => {
    spaFailed = true;
    for (const form of document.querySelectorAll(`form[${MARKERS.submitRequested}]`)) {
      form.removeAttribute(MARKERS.submitRequested);
      showLoadFailure(form);
    }
  });
  document.head.append(script);
}

const LOAD_FAILURE = 'Could not load Nivesh. Check your connection and reload the page.';

function showLoadFailure(form: Element): void {
  if (form.previousElementSibling?.hasAttribute('data-load-failure')) return;
  // Not React's markup, which is fine: without the app nothing will hydrate this page.
  const alert = document.createElement('p');
  alert.setAttribute('role', 'alert');
  alert.setAttribute('data-load-failure', '');
  alert.className =
    'mb-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200';
  alert.textContent = LOAD_FAILURE;
  form.before(alert);
}

/** The landing page's contact form: with no session main.tsx mounts only it (contact-island.tsx). */
function wireContactIsland(host: HTMLElement): void {
  host.addEventListener('focusin', addSpaEntry);
  host.addEventListener('pointerdown', addSpaEntry);
  // Only the static form listens: the live form that replaces it handles its own submit.
  // contact-island.tsx replays the submit once it has mounted.
  host.querySelector('form')?.addEventListener('submit', (event) => {
    event.preventDefault();
    host.dataset.submitRequested = '';
    addSpaEntry();
  });
}

/**
 * The sign-in family's forms: the SPA hydrates the page when the visitor reaches for one. Their
 * fields are uncontrolled, so what is typed meanwhile is what React submits; a submit made
 * before React owns the form is held here and made again by LiveForm.
 */
function wireForms(root: HTMLElement): void {
  for (const form of root.querySelectorAll('form')) {
    form.addEventListener('focusin', addSpaEntry);
    form.addEventListener('pointerdown', addSpaEntry);
  }
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || form.hasAttribute(MARKERS.live)) return;
      // Not the browser's own submit (a GET with the password in the URL).
      event.preventDefault();
      if (spaFailed) return showLoadFailure(form);
      form.setAttribute(MARKERS.submitRequested, '');
      addSpaEntry();
    },
    true,
  );
}

/** Shows "Continue with Google" when the server offers it; the button only leaves the page. */
function wireGoogle(root: HTMLElement): void {
  const box = root.querySelector<HTMLElement>(`[${MARKERS.googleSignIn}]`);
  if (!box) return;
  box.querySelector('button')?.addEventListener('click', () => window.location.assign(MARKERS.googlePath));
  void fetch('/api/auth/config')
    .then((res) => (res.ok ? (res.json() as Promise<{ googleEnabled?: unknown }>) : null))
    .then((config) => {
      if (config?.googleEnabled === true) box.hidden = false;
    })
    .catch(() => undefined);
}

const root = document.getElementById('root');
const contactHost = document.querySelector<HTMLElement>('[data-contact-island]');
if (hasStoredSession() || (!contactHost && window.location.search !== '')) {
  // A signed-in visitor ends up where the SPA sends them (PublicOnly: /dashboard or the
  // remembered path), and a query string (?reason=session_expired) changes what the page says:
  // the whole app takes over the page.
  addSpaEntry();
} else if (root) {
  enhanceLanding();
  if (contactHost) wireContactIsland(contactHost);
  else {
    wireForms(root);
    wireGoogle(root);
  }
}
