import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { roundToTick, type Quote } from '@nivesh/shared';
import { defaultMarketDataDir } from '../../src/paths.js';
import { describeEachDb, signUp, testConfig } from '../support/test-app.js';
import { key, place } from '../support/orders.js';

/**
 * The live simulator on NSE hours over a bundle that reaches back to 2020 (the shipped bundle plus
 * replay-history.csv.gz, merged here), so its clock can stand on 13 March 2020, when the NIFTY 50's
 * fall tripped the market-wide circuit breaker at 09:20.
 */
function bundleWith2020(): string {
  const dir = path.join(tmpdir(), `nivesh-halt-bundle-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  for (const f of ['instruments.csv', 'intraday-profile.json', 'manifest.json'])
    copyFileSync(path.join(defaultMarketDataDir, f), path.join(dir, f));
  const read = (f: string) =>
    gunzipSync(readFileSync(path.join(defaultMarketDataDir, f)))
      .toString('utf8')
      .split('\n');
  const [header, ...later] = read('daily.csv.gz');
  const earlier = new Map<string, string[]>();
  for (const line of read('replay-history.csv.gz').slice(1).filter(Boolean)) {
    const symbol = line.slice(0, line.indexOf(','));
    earlier.set(symbol, [...(earlier.get(symbol) ?? []), line]);
  }
  const out = [header!];
  let current = '';
  for (const line of later.filter(Boolean)) {
    const symbol = line.slice(0, line.indexOf(','));
    if (symbol !== current) out.push(...(earlier.get((current = symbol)) ?? []));
    out.push(line);
  }
  writeFileSync(path.join(dir, 'daily.csv.gz'), gzipSync(out.join('\n') + '\n'));
  return dir;
}

const clock = { now: Date.parse('2020-03-13T09:18:00+05:30') };
const at = (hhmm: string) => Date.parse(`2020-03-13T${hhmm}:00+05:30`);

describeEachDb(
  'the market-wide circuit breaker in the live simulator',
  (context) => {
    it('halts trading at the trip: quotes say so and hold, new orders are refused, and trading resumes after the pre-open', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const quote = async () => {
        const res = await ctx.request({ method: 'GET', url: '/api/stocks/quote/RELIANCE' });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data as Quote;
      };
      clock.now = at('09:18');
      expect((await quote()).marketHalt ?? null).toBeNull();

      clock.now = at('09:30');
      const halted = await quote();
      expect(halted.marketHalt).toMatchObject({
        phase: 'halt',
        level: 10,
        index: 'NIFTY50',
        reopensAt: new Date(at('10:20')).toISOString(),
      });
      expect(halted.marketHalt!.message).toMatch(/market-wide circuit breaker/);
      const status = await ctx.request({ method: 'GET', url: '/api/live-charts/market-status/NSE' });
      expect(status.json().marketOpen).toBe(false);

      const refused = await place(ctx, user, {
        clientOrderId: key(),
        symbol: 'RELIANCE',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 1,
      });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().code).toBe('MARKET_HALTED');
      expect(refused.json().message).toMatch(/halted/);

      // A resting buy that the halted price reaches does not fill while the halt holds: find a stock
      // and a minute before the trip at which it stood above its halted price.
      const quoteOf = async (symbol: string) =>
        (await ctx.request({ method: 'GET', url: `/api/stocks/quote/${symbol}` })).json().data as Quote;
      let pick: { symbol: string; minute: string; limit: number } | undefined;
      for (const symbol of ['RELIANCE', 'TCS', 'HDFCBANK', 'INFY', 'SBIN', 'ITC', 'LT']) {
        clock.now = at('09:30');
        const stopped = (await quoteOf(symbol)).price;
        for (const minute of ['09:15', '09:16', '09:17', '09:18', '09:19']) {
          clock.now = at(minute);
          const then = (await quoteOf(symbol)).price;
          const limit = roundToTick((stopped + then) / 2);
          if (limit < then && limit > stopped && !pick) pick = { symbol, minute, limit };
        }
      }
      expect(pick).toBeDefined();
      clock.now = at(pick!.minute);
      const resting = await place(ctx, user, {
        clientOrderId: key(),
        symbol: pick!.symbol,
        type: 'BUY',
        orderType: 'LIMIT',
        price: pick!.limit,
        quantity: 1,
      });
      expect(resting.statusCode, resting.body).toBe(201);
      expect(resting.json().data.order.status).toBe('PENDING');
      await ctx.app.matcher.runOnce();
      clock.now = at('09:40');
      expect(await ctx.app.matcher.runOnce()).toMatchObject({ filled: 0 });

      clock.now = at('10:10');
      const auction = await quote();
      expect(auction.marketHalt?.phase).toBe('pre-open');
      expect(auction.price).toBe(halted.price);

      clock.now = at('10:25');
      const reopened = await quote();
      expect(reopened.marketHalt ?? null).toBeNull();
      const order = await place(ctx, user, {
        clientOrderId: key(),
        symbol: 'RELIANCE',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 1,
      });
      expect(order.statusCode, order.body).toBe(201);
      expect(order.json().data.order.status).toBe('FILLED');
    });
  },
  {
    now: () => clock.now,
    config: { market: { ...testConfig().market, session: 'nse', dataDir: bundleWith2020() } },
  },
);
