import { fileURLToPath } from 'node:url';

// This file sits one level below the package root both as src/paths.ts and when bundled into
// dist/server.js, so the same relative URL finds the package root in dev, tests and production.
export const packageRoot = fileURLToPath(new URL('../', import.meta.url));
export const migrationsDir = fileURLToPath(new URL('../drizzle', import.meta.url));
export const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
export const defaultMarketDataDir = fileURLToPath(new URL('../data/market', import.meta.url));
export const defaultNewsDataDir = fileURLToPath(new URL('../data/news', import.meta.url));
