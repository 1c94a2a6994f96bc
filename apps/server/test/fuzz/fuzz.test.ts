import { expect, it } from 'vitest';
import { seededRandom } from '../support/integrity.js';
import { describeEachDb } from '../support/test-app.js';
import { generateCase, kindsFor, VARIANT_KINDS, type FuzzCase } from './fuzz-cases.js';
import { emptyStats, FuzzSetup, runCase } from './fuzz-runner.js';

/**
 * A fixed-seed sample of the fuzz bench: every route the OpenAPI document lists, with every variant
 * kind that applies to it. `npm run bench:fuzz -w @nivesh/bench` runs the same cases at
 * 100,000 requests per database.
 */
const SEED = 20_261_124;
const ROUNDS = 1;

describeEachDb('fuzz sample over every route', (ctx) => {
  it(
    'answers no 5xx, keeps the error shape, and leaves the books and the other user intact',
    { timeout: 300_000 },
    async () => {
      const setup = await FuzzSetup.create(ctx().app, ctx().database.db);
      expect(setup.routes.length).toBeGreaterThan(90);
      const rng = seededRandom(SEED);
      const cases: FuzzCase[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        for (const route of setup.routes)
          for (const kind of kindsFor(route, setup.world))
            cases.push(generateCase(route, kind, setup.world, rng));
      }
      const stats = emptyStats();
      for (const [i, c] of cases.entries()) {
        if (i % 200 === 0) await setup.refresh();
        await runCase(setup, c, stats);
      }

      if (process.env.FUZZ_VERBOSE)
        console.log(
          stats.requests,
          stats.byClass,
          [...stats.msByKind].map(([k, ms]) => `${k} ${Math.round(ms)} ms`),
          [...stats.msByRoute].sort((a, b) => b[1] - a[1]).slice(0, 12),
        );
      expect(stats.injectFailures).toEqual([]);
      expect(stats.serverErrors).toEqual([]);
      expect(stats.badErrorShape).toEqual([]);
      expect(stats.foreignLeaks).toEqual([]);
      expect(await setup.violations()).toEqual([]);
      // The sample reached what it claims to: every route, every kind, and handlers as well as schemas.
      expect(stats.byRoute.size).toBe(setup.routes.length);
      expect([...stats.byKind.keys()].sort()).toEqual([...VARIANT_KINDS].sort());
      expect(stats.byClass['2xx']).toBeGreaterThan(100);
      expect(stats.byClass['4xx']).toBeGreaterThan(stats.requests / 2);
    },
  );
});
