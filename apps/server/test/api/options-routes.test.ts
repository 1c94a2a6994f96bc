import { expect, it } from 'vitest';
import {
  derivativePositionsResponseSchema,
  optionChainResponseSchema,
  optionExpiriesResponseSchema,
  optionMarginResponseSchema,
} from '@nivesh/shared';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';

const ist = (local: string) => Date.parse(`${local}+05:30`);
// Thursday 26 November 2026, 10:30 IST: the nearest NIFTY weekly is Tuesday 1 December.
const clock = { now: ist('2026-11-26T10:30:00') };

async function mainPortfolioId(ctx: TestContext, token: string): Promise<string> {
  const res = await ctx.request({ method: 'GET', url: '/api/portfolios', token });
  const list = res.json().data as { id: string; kind: string }[];
  return list.find((p) => p.kind === 'main')!.id;
}

describeEachDb(
  'options routes',
  (ctx) => {
    it('lists NIFTY expiries (weekly Tuesdays, monthly last Tuesday) and monthly futures', async () => {
      const { token } = await signUp(ctx());
      const res = await ctx().request({
        method: 'GET',
        url: '/api/options/expiries?underlying=NIFTY',
        token,
      });
      expect(res.statusCode, res.body).toBe(200);
      const data = optionExpiriesResponseSchema.parse(res.json()).data;
      expect(data.lotSize).toBe(65);
      expect(data.strikeStep).toBe(50);
      expect(data.expiries[0]).toEqual({ date: '2026-12-01', kind: 'weekly', daysToExpiry: 5 });
      expect(data.expiries.find((e) => e.date === '2026-12-29')?.kind).toBe('monthly');
      expect(data.futures[0]).toEqual({ tradingsymbol: 'NIFTY26DECFUT', expiry: '2026-12-29', lotSize: 65 });
      const bank = await ctx().request({
        method: 'GET',
        url: '/api/options/expiries?underlying=BANKNIFTY',
        token,
      });
      const banks = optionExpiriesResponseSchema.parse(bank.json()).data;
      expect(banks.lotSize).toBe(30);
      expect(banks.expiries.every((e) => e.kind === 'monthly')).toBe(true);
    });

    it('builds the chain at the nearest expiry by default, ATM centred, prices on the 0.05 tick', async () => {
      const { token } = await signUp(ctx());
      const res = await ctx().request({
        method: 'GET',
        url: '/api/options/chain?underlying=NIFTY&strikes=5',
        token,
      });
      expect(res.statusCode, res.body).toBe(200);
      const chain = optionChainResponseSchema.parse(res.json()).data;
      expect(chain.expiry).toBe('2026-12-01');
      expect(chain.expiryKind).toBe('weekly');
      expect(chain.strikes).toHaveLength(11);
      expect(chain.strikes[5]!.strike).toBe(chain.atmStrike);
      expect(chain.strikes[5]!.call.tradingsymbol).toBe(`NIFTY26D01${chain.atmStrike}CE`);
      expect(chain.asOf).toBe(new Date(clock.now).toISOString());
      for (const row of chain.strikes)
        for (const q of [row.call, row.put]) {
          expect(Math.round(q.ltp * 100) % 5).toBe(0);
          expect(q.bid).toBeLessThan(q.ask);
        }
      const monthly = await ctx().request({
        method: 'GET',
        url: '/api/options/chain?underlying=NIFTY&expiry=2026-12-29&strikes=1',
        token,
      });
      const m = optionChainResponseSchema.parse(monthly.json()).data;
      expect(m.strikes[1]!.put.tradingsymbol).toBe(`NIFTY26DEC${m.atmStrike}PE`);
    });

    it('answers bad input with a 400 that says why, and signed-out with a 401', async () => {
      const { token } = await signUp(ctx());
      const unknown = await ctx().request({
        method: 'GET',
        url: '/api/options/chain?underlying=SENSEX',
        token,
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toMatch(/NIFTY or BANKNIFTY/);
      const badExpiry = await ctx().request({
        method: 'GET',
        url: '/api/options/chain?underlying=NIFTY&expiry=2026-12-02',
        token,
      });
      expect(badExpiry.statusCode).toBe(400);
      expect(badExpiry.json().message).toMatch(/listed expiries: 2026-12-01, /);
      const zero = await ctx().request({
        method: 'GET',
        url: '/api/options/chain?underlying=NIFTY&strikes=0',
        token,
      });
      expect(zero.statusCode).toBe(400);
      expect(zero.json().message).toMatch(/from 1 to 40/);
      for (const url of ['/api/options/expiries?underlying=NIFTY', '/api/options/chain?underlying=NIFTY'])
        expect((await ctx().request({ method: 'GET', url })).statusCode).toBe(401);
      const legs = [{ tradingsymbol: 'NIFTY26DECFUT', side: 'BUY', quantity: 65 }];
      const signedOut = await ctx().request({
        method: 'POST',
        url: '/api/options/margin',
        payload: { legs },
      });
      expect(signedOut.statusCode).toBe(401);
    });

    it('margins a long call at its premium and a short straddle at SPAN + exposure', async () => {
      const { token } = await signUp(ctx());
      const chain = optionChainResponseSchema.parse(
        (
          await ctx().request({ method: 'GET', url: '/api/options/chain?underlying=NIFTY&strikes=2', token })
        ).json(),
      ).data;
      const atm = chain.strikes[2]!;
      const long = await ctx().request({
        method: 'POST',
        url: '/api/options/margin',
        token,
        payload: { legs: [{ tradingsymbol: atm.call.tradingsymbol, side: 'BUY', quantity: 65 }] },
      });
      expect(long.statusCode, long.body).toBe(200);
      const l = optionMarginResponseSchema.parse(long.json()).data;
      expect(l.span).toBe(0);
      expect(l.exposure).toBe(0);
      // Premium at the ask: what a market buy of the lot pays now.
      expect(l.premium).toBeCloseTo(atm.call.ask * 65, 2);
      expect(l.total).toBe(l.premium);
      const straddle = await ctx().request({
        method: 'POST',
        url: '/api/options/margin',
        token,
        payload: {
          legs: [
            { tradingsymbol: atm.call.tradingsymbol, side: 'SELL', quantity: 65 },
            { tradingsymbol: atm.put.tradingsymbol, side: 'SELL', quantity: 65 },
          ],
        },
      });
      const s = optionMarginResponseSchema.parse(straddle.json()).data;
      expect(s.premium).toBe(0);
      expect(s.span).toBeGreaterThan(0);
      expect(s.exposure).toBeGreaterThan(0);
      expect(s.total).toBeCloseTo(s.span + s.exposure, 2);
      const notLots = await ctx().request({
        method: 'POST',
        url: '/api/options/margin',
        token,
        payload: { legs: [{ tradingsymbol: atm.call.tradingsymbol, side: 'BUY', quantity: 50 }] },
      });
      expect(notLots.statusCode).toBe(400);
      expect(notLots.json().message).toMatch(/lots of 65/);
      // An expired contract has no margin, and a size past any order's is refused before pricing.
      for (const [leg, message] of [
        [{ tradingsymbol: 'NIFTY20JAN24000CE', side: 'SELL', quantity: 65 }, /expired on 2020-01-28/],
        [{ tradingsymbol: atm.call.tradingsymbol, side: 'SELL', quantity: 65_000_000 }, /at most/],
      ] as const) {
        const res = await ctx().request({
          method: 'POST',
          url: '/api/options/margin',
          token,
          payload: { legs: [leg] },
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().message).toMatch(message);
      }
    });

    it("refuses another user's portfolio on margin and positions (404)", async () => {
      const me = await signUp(ctx());
      const other = await signUp(ctx());
      const theirs = await mainPortfolioId(ctx(), other.token);
      const margin = await ctx().request({
        method: 'POST',
        url: '/api/options/margin',
        token: me.token,
        payload: {
          legs: [{ tradingsymbol: 'NIFTY26DECFUT', side: 'BUY', quantity: 65 }],
          portfolioId: theirs,
        },
      });
      expect(margin.statusCode).toBe(404);
      const positions = await ctx().request({
        method: 'GET',
        url: `/api/options/positions?portfolioId=${theirs}`,
        token: me.token,
      });
      expect(positions.statusCode).toBe(404);
      const mine = await ctx().request({ method: 'GET', url: '/api/options/positions', token: me.token });
      expect(derivativePositionsResponseSchema.parse(mine.json()).data).toEqual({
        positions: [],
        marginBlocked: 0,
      });
    });
  },
  { now: () => clock.now },
);
