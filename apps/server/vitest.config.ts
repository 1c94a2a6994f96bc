import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // Time limits catch hangs, not slowness: a test that builds a fresh simulator and walks every
    // route took 10 s on an idle 2-core box and 28 s at load 10, so each gets 60 s (hooks 120 s).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
