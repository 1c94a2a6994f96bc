import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { getSimulator } from '../../src/modules/market/market.factory.js';
import { resolveMarketSeed } from '../../src/modules/market/market-seed.js';
import { migrationsDir } from '../../src/paths.js';
import { memoryMailer, newSignup, openTestDatabase, testConfig, type DbKind } from '../support/test-app.js';
import type { Database } from '../../src/db/database.js';

const NOW = Date.parse('2026-11-25T06:00:00Z');
const base = testConfig();
const unseeded = testConfig({ market: { ...base.market, seed: undefined } });
const priceWith = (seed: string, symbol: string) =>
  getSimulator(base.market.dataDir, seed, base.market.session).snapshot(symbol, NOW)!.price;

async function storedSeed(database: Database): Promise<string | undefined> {
  const result = (await database.db.execute(
    sql`select value from app_settings where key = 'market_seed'`,
  )) as unknown as { rows: { value: string }[] };
  return result.rows[0]?.value;
}

async function appOn(database: Database, config = unseeded) {
  const app = await buildApp({
    config,
    database,
    mailer: memoryMailer().mailer,
    logger: false,
    now: () => NOW,
  });
  await app.ready();
  return app;
}

async function quoteOf(
  app: Awaited<ReturnType<typeof appOn>>,
  token: string,
  symbol: string,
): Promise<number> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/stocks/quote/${symbol}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { price: number }).price;
}

for (const kind of ['pglite', 'postgres'] as DbKind[]) {
  describe(`market seed [${kind}]`, () => {
    const drops: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const drop of drops) await drop();
    });
    const fresh = async () => {
      const opened = await openTestDatabase(kind);
      drops.push(opened.drop);
      return opened.database;
    };

    it('a fresh install draws a random seed, stores it once, and every instance on the database trades on it', async () => {
      const database = await fresh();
      expect(await storedSeed(database)).toBeUndefined();
      // Several instances starting together: one insert wins, all read the same seed back.
      const seeds = await Promise.all([1, 2, 3, 4].map(() => resolveMarketSeed(database.db)));
      const seed = seeds[0]!;
      expect(new Set(seeds).size).toBe(1);
      expect(seed).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(seed).not.toBe('nivesh');
      expect(await storedSeed(database)).toBe(seed);

      const first = await appOn(database);
      const second = await appOn(database);
      try {
        const signup = await first.inject({ method: 'POST', url: '/api/auth/signup', payload: newSignup() });
        const { token } = signup.json() as { token: string };
        const a = await quoteOf(first, token, 'RELIANCE');
        expect(a).toBe(await quoteOf(second, token, 'RELIANCE'));
        expect(a).toBe(priceWith(seed, 'RELIANCE'));
        expect(await storedSeed(database)).toBe(seed);
      } finally {
        await first.close();
        await second.close();
      }
    });

    it('MARKET_SEED wins over the stored seed', async () => {
      const database = await fresh();
      await resolveMarketSeed(database.db);
      const app = await appOn(database, testConfig({ market: { ...base.market, seed: 'from-the-env' } }));
      try {
        const { token } = (
          await app.inject({ method: 'POST', url: '/api/auth/signup', payload: newSignup() })
        ).json() as { token: string };
        expect(await quoteOf(app, token, 'TCS')).toBe(priceWith('from-the-env', 'TCS'));
      } finally {
        await app.close();
      }
    });

    it('no response carries the seed', async () => {
      const database = await fresh();
      const app = await appOn(database);
      try {
        const seed = (await storedSeed(database))!;
        const { token } = (
          await app.inject({ method: 'POST', url: '/api/auth/signup', payload: newSignup() })
        ).json() as { token: string };
        const spec = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
          paths: Record<string, Record<string, unknown>>;
        };
        const gets = Object.entries(spec.paths)
          .filter(([p, ops]) => 'get' in ops && !p.includes('{'))
          .map(([p]) => p);
        expect(gets.length).toBeGreaterThan(10);
        for (const url of [
          ...gets,
          '/api/stocks/quote/RELIANCE',
          '/api/stocks/profile/RELIANCE',
          '/api/docs/json',
        ]) {
          const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
          expect(res.body.includes(seed), url).toBe(false);
          expect(JSON.stringify(res.headers).includes(seed), url).toBe(false);
        }
      } finally {
        await app.close();
      }
    });
  });
}

describe('market seed on upgrade', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'nivesh-seed-upgrade-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('an install that already has users keeps the old default seed, so its market does not change', async () => {
    // The migrations as they were before the seed was stored.
    const before = path.join(dir, 'drizzle');
    cpSync(migrationsDir, before, { recursive: true });
    const journalPath = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const index = journal.entries.findIndex((e) => e.tag === '0008_alerts_seed');
    expect(index).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, index);
    writeFileSync(journalPath, JSON.stringify(journal));

    const client = new PGlite();
    try {
      await migrate(drizzle(client), { migrationsFolder: before });
      await client.query(
        `insert into users (email, username, full_name, bio, notification_settings, security_settings, preferences) values ('old@example.com', 'olduser', 'Old User', '', '{}', '{}', '{}')`,
      );
      await migrate(drizzle(client), { migrationsFolder: migrationsDir });
      const { rows } = await client.query<{ value: string }>(
        `select value from app_settings where key = 'market_seed'`,
      );
      expect(rows).toEqual([{ value: 'nivesh' }]);
      expect(await resolveMarketSeed(drizzle(client) as never)).toBe('nivesh');
    } finally {
      await client.close();
    }
  });
});
