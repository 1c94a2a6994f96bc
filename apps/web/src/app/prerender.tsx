import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppShell } from './app-shell';

/**
 * The public pages scripts/prerender.mjs writes as static HTML at build time, and the file each
 * becomes under dist/prerendered/ (the server serves them: apps/server/src/plugins/spa.ts).
 */
export const PUBLIC_PAGES = {
  '/': 'index.html',
  '/login': 'login.html',
  '/signup': 'signup.html',
  '/forgot-password': 'forgot-password.html',
  '/terms': 'terms.html',
  '/privacy': 'privacy.html',
} as const;

/** The app's markup at `url` for an anonymous visitor, once every lazy screen has loaded. */
export async function renderPage(url: string): Promise<string> {
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={url}>{children}</StaticRouter>
  );
  const { prelude } = await prerenderToNodeStream(<AppShell Router={Router} />);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
