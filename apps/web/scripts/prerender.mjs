#!/usr/bin/env node
// Writes the public pages (src/app/prerender.tsx: PUBLIC_PAGES) as static HTML into
// dist/prerendered/, after `vite build` made the client. Vite's own SSR build compiles the app for
// Node, and react-dom/static renders each page once every lazy screen has loaded.
//
// Why not a prerendering tool: vite-react-ssg 0.9 wants react-router-dom 6 and its data router
// (this app is on react-router 7 in library mode), and hydrates the whole app on every page, which
// the landing page's 60 kB budget cannot carry; vike 0.4 would replace the app's entry and routing.
// React Router 7's own prerender needs its framework mode. This script is the smallest piece that
// gives what the issue asks: static HTML for the public pages, React hydrating only where needed.
//
// Every page gets its own small entry (src/app/public-entry.ts) instead of the SPA's: static HTML
// and CSS with a few event listeners. React comes only when a visitor reaches for a form: on / the
// contact form alone (contact-island.tsx); on the sign-in family the SPA hydrates the page
// (main.tsx), whose forms take what was typed before (components/ui/live-form.tsx).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const webRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dist = path.join(webRoot, 'dist');
const ssrOut = path.join(webRoot, 'node_modules', '.prerender');
const PUBLIC_ENTRY = 'src/app/public-entry.ts';

await build({
  root: webRoot,
  logLevel: 'warn',
  build: {
    ssr: 'src/app/prerender.tsx',
    outDir: ssrOut,
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
  },
});
const { renderPage, PUBLIC_PAGES } = await import(pathToFileURL(path.join(ssrOut, 'prerender.js')).href);

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const spaTemplate = readFileSync(path.join(dist, 'index.html'), 'utf8');

/** The chunk files `keys` load statically (what Vite would modulepreload for them). */
function staticFiles(keys, seen = new Set()) {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    if (seen.has(chunk.file)) continue;
    seen.add(chunk.file);
    staticFiles(chunk.imports ?? [], seen);
  }
  return seen;
}

const preloads = (files) => [...files].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);

/** The SPA's head with the public entry (and its CSS) in place of main.tsx and its preloads. */
function publicHead(html) {
  const entry = manifest[PUBLIC_ENTRY];
  const [script, ...imports] = staticFiles([PUBLIC_ENTRY]);
  const tags = [
    `<script type="module" crossorigin src="/${script}"></script>`,
    ...preloads(imports),
    ...(entry.css ?? []).map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
  ];
  const stripped = html.replace(
    /\s*<(script type="module"|link rel="(modulepreload|stylesheet)")[^>]*>(<\/script>)?/g,
    '',
  );
  return stripped.replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
}

mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
for (const [route, file] of Object.entries(PUBLIC_PAGES)) {
  const markup = await renderPage(route);
  if (/<script|<style/i.test(markup)) throw new Error(`${route}: inline script or style in the markup (CSP)`);
  const head = publicHead(spaTemplate);
  // The public entry adds the SPA's entry for a signed-in visitor (the app takes over) and for a
  // form (main.tsx then mounts the contact form alone, or hydrates the page).
  const spaEntry = ` data-spa-entry="/${manifest['index.html'].file}"`;
  const html = head.replace(
    '<div id="root"></div>',
    `<div id="root" data-prerendered=""${spaEntry}>${markup}</div>`,
  );
  if (html === head) throw new Error('dist/index.html has no empty <div id="root"></div>');
  writeFileSync(path.join(dist, 'prerendered', file), html);
  console.log(
    `prerendered ${route.padEnd(16)} -> dist/prerendered/${file} (${(html.length / 1024).toFixed(1)} kB)`,
  );
}
rmSync(ssrOut, { recursive: true, force: true });
