/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// The API the dev server and preview proxy to; another port lets two checkouts run side by side.
const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:3000';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  // The realtime server refuses foreign origins; behind this proxy the page and the API are one
  // site, as in production where the server serves the app, so the handshake carries its origin.
  '/socket.io': {
    target: apiTarget,
    ws: true,
    changeOrigin: true,
    headers: { origin: new URL(apiTarget).origin },
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  server: {
    port: 5173,
    proxy,
  },
  preview: {
    proxy,
  },
  build: {
    // A strict CSP forbids inline scripts and styles, so nothing may be inlined into index.html.
    assetsInlineLimit: 0,
    // scripts/bundle-budget.mjs follows the chunk graph in the manifest.
    manifest: true,
    rolldownOptions: {
      // The SPA and the prerendered public pages' own small entry (scripts/prerender.mjs puts it
      // on them). The prerender's server build (isSsrBuild) names its entry itself.
      input: isSsrBuild
        ? undefined
        : {
            index: 'index.html',
            public: 'src/app/public-entry.ts',
          },
      output: {
        codeSplitting: {
          // The app's small shared helpers and UI parts in one chunk: as dozens of files of a few
          // hundred bytes each, their per-file overhead cost more than the code itself.
          // Order-form parts (slide to confirm, stepper, context menu, checkbox, switch, tabs) stay
          // with the screens that use them: no first render of /dashboard needs them. So do the
          // performance chart (lightweight-charts, loaded on demand) with its rebasing, and the gate
          // of the pages an operator can switch off (/leaderboard, /agent).
          groups: [
            {
              // The icons the app frame and /dashboard draw on first render, in one chunk: shared with
              // other screens they were 21 files of ~230 bytes (4.9 kB gzipped) that gzip to 1.8 kB
              // together. bundle-budget.mjs catches a list that has drifted.
              name: 'shell-icons',
              test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](arrow-left-right|bot|briefcase|chart-line|chart-pie|circle-check|circle-x|clipboard-list|file-text|graduation-cap|indian-rupee|log-out|menu|notebook-pen|refresh-cw|rotate-ccw-clock|settings|shopping-cart|sigma|star|trending-down|trending-up|trophy|wallet)\.mjs$/,
            },
            {
              // The classroom query and rule check (lib/active-class, lib/use-class-ticket) stay with
              // the order forms and /classes: their schemas carry the index lists, which no first
              // render of /dashboard needs. So does the order estimate (lib/order-estimate,
              // lib/use-order-estimate): only order tickets use it, quick buy among them, which is lazy.
              // The holding schema too: /dashboard reads it, and the class student screen (lazy)
              // would otherwise split it into a file of its own on the first render.
              name: 'common',
              test: /src[\\/](lib[\\/](?!active-class\.|use-class-ticket\.|performance-lines\.|order-estimate\.|use-order-estimate\.)|components[\\/]ui[\\/](?!(slide-to-confirm|stepper|context-menu|checkbox|switch|tabs|performance-chart-canvas|instance-gate)\.)|trading[\\/]portfolio\.schema\.)/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Whole-app renders on a 2-core box run several files at once: a slide-to-confirm test took 12.7 s
    // at load 9, so 15 s left too little room. A hang still fails, after 30 s.
    testTimeout: 30_000,
    reporters: ['default', './src/test/summary-reporter.ts'],
  },
}));
