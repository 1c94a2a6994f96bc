#!/usr/bin/env node
// Checks the JavaScript a browser must fetch before the first render of the entry routes:
// the entry chunk from index.html, the lazy chunks the route renders with (its screen and, for
// signed-in pages, the app frame), and every chunk they import statically (which Vite
// preloads). Dynamic imports made after the first render do not count.
// The prerendered public pages (/ and /login here) do not load the SPA's entry before their first
// render: for them the check follows the served HTML (dist/prerendered/*.html: its module scripts
// and modulepreloads) and their static imports, against a budget of their own (issue 29).
// Reads dist/.vite/manifest.json; exits 1 when a route is over budget.
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

// 171 from 170 with the Options Lab (issue 28): the NRML product, the F&O refusal codes and the
// figures' derivatives fields are on every signed-in page (its chain schemas are not: option-events.ts).
// Issue 29 (prerendered public pages, schemas built where first used) is where this comes down.
const BUDGET_KB = 171;
/** The public pages are static HTML with a small script; React comes only with their forms. */
const PUBLIC_BUDGET_KB = 60;
const PUBLIC_ROUTES = { '/': 'index.html', '/login': 'login.html' };
const ROUTES = {
  '/dashboard': ['src/app/shell/app-layout.tsx', 'src/app/routes/dashboard-route.tsx'],
};

const dist = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
// The SPA's entry; the build has another (the public pages'), which the SPA routes never load.
const entryKey = 'index.html';
if (!manifest[entryKey]?.isEntry) throw new Error('no index.html entry chunk in the Vite manifest');

function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}

const gzipKb = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

/** The JS a served HTML page loads before its first render: its scripts, preloads and their imports. */
function servedClosure(htmlFile) {
  const html = readFileSync(path.join(dist, htmlFile), 'utf8');
  const refs = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+)"/g),
  ].map((match) => match[1]);
  if (refs.length === 0) throw new Error(`${htmlFile} references no module script`);
  const files = new Set();
  for (const file of refs) {
    const key = keyOfFile.get(file);
    if (key) closure(key, files);
    else files.add(file);
  }
  return files;
}

let over = false;
function report(route, files, budget) {
  const js = [...files].filter((file) => file.endsWith('.js'));
  const total = js.reduce((sum, file) => sum + gzipKb(file), 0);
  const ok = total <= budget;
  over ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${route.padEnd(11)} ${total.toFixed(1)} kB gzipped JS in ${js.length} files (budget ${budget} kB)`,
  );
}

for (const [route, file] of Object.entries(PUBLIC_ROUTES)) {
  const page = path.join('prerendered', file);
  if (!existsSync(path.join(dist, page))) throw new Error(`no dist/${page}: run the whole web build`);
  report(route, servedClosure(page), PUBLIC_BUDGET_KB);
}
for (const [route, sources] of Object.entries(ROUTES)) {
  const files = closure(entryKey);
  for (const source of sources) {
    if (!manifest[source]) throw new Error(`${source} is not a chunk of the build; update ROUTES`);
    closure(source, files);
  }
  report(route, files, BUDGET_KB);
}
process.exit(over ? 1 : 0);
