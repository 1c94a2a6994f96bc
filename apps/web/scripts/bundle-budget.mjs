#!/usr/bin/env node
// Checks the JavaScript a browser must fetch before the first render of the entry routes:
// the entry chunk from index.html, the lazy chunks the route renders with (its screen and, for
// signed-in pages, the app frame), and every chunk they import statically (which Vite
// preloads). Dynamic imports made after the first render do not count.
// Reads dist/.vite/manifest.json; exits 1 when a route is over budget.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

// 171 from 170 with the Options Lab (issue 28): the NRML product, the F&O refusal codes and the
// figures' derivatives fields are on every signed-in page (its chain schemas are not: option-events.ts).
// Issue 29 (prerendered public pages, schemas built where first used) is where this comes down.
const BUDGET_KB = 171;
const ROUTES = {
  '/': ['src/features/landing/components/landing-screen.tsx'],
  '/login': ['src/features/auth/components/login-screen.tsx'],
  '/dashboard': ['src/app/shell/app-layout.tsx', 'src/app/routes/dashboard-route.tsx'],
};

const dist = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('no entry chunk in the Vite manifest');

function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}

const gzipKb = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
let over = false;
for (const [route, sources] of Object.entries(ROUTES)) {
  const files = closure(entryKey);
  for (const source of sources) {
    if (!manifest[source]) throw new Error(`${source} is not a chunk of the build; update ROUTES`);
    closure(source, files);
  }
  const js = [...files].filter((file) => file.endsWith('.js'));
  const total = js.reduce((sum, file) => sum + gzipKb(file), 0);
  const ok = total <= BUDGET_KB;
  over ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${route.padEnd(11)} ${total.toFixed(1)} kB gzipped JS in ${js.length} files (budget ${BUDGET_KB} kB)`,
  );
}
process.exit(over ? 1 : 0);
