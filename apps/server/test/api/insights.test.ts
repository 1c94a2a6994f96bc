import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { habitsResponseSchema, portfolioSummaryResponseSchema, type Habits } from '@nivesh/shared';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';
import { filled, quote, type User } from '../support/orders.js';

// The market's clock, near real time (fills are stamped by the database) and moved between
// orders so each fill has its own price; frozen while the habits are read. It must stay on the
// same IST day as the database's stamps, so each run starts it afresh and, within the last hour
// before IST midnight, an hour behind the real time rather than ahead of it.
const clock = { now: 0 };
const IST_OFFSET_MS = 5.5 * 3600_000;
const DAY_MS = 86_400_000;
const HOUR_MS = 3600_000;

async function startClock(): Promise<void> {
  const untilIstMidnight = () => DAY_MS - ((Date.now() + IST_OFFSET_MS) % DAY_MS);
  // The fills themselves take a few seconds: never let them straddle midnight.
  if (untilIstMidnight() < 60_000) await new Promise((r) => setTimeout(r, untilIstMidnight() + 1000));
  clock.now = untilIstMidnight() < HOUR_MS ? Date.now() - HOUR_MS : Date.now();
}

async function habits(ctx: TestContext, user: User): Promise<Habits> {
  const res = await ctx.request({ method: 'GET', url: '/api/insights/habits', token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return habitsResponseSchema.parse(res.json()).data;
}

interface Fill {
  symbol: string;
  side: 'BUY' | 'SELL';
  quantity: number;
  price: bigint;
  value: bigint;
  fees: bigint;
  realized: bigint;
}

describeEachDb(
  'trading habits',
  (ctx) => {
    let fresh: User;
    let trader: User;

    beforeAll(async () => {
      await startClock();
      fresh = await signUp(ctx());
      trader = await signUp(ctx());
      await filled(ctx(), trader, { symbol: 'ITC', type: 'BUY', quantity: 10 });
      clock.now += 11 * 60_000;
      await filled(ctx(), trader, { symbol: 'SBIN', type: 'BUY', quantity: 2 });
      for (let i = 0; i < 5; i += 1) {
        clock.now += 7 * 60_000;
        await filled(ctx(), trader, { symbol: 'ITC', type: 'SELL', quantity: 1 });
      }
      clock.now += 60_000;
    }, 120_000);

    it('shows nothing for a new account, only how much data each habit needs', async () => {
      const h = await habits(ctx(), fresh);
      expect(h.disposition.result).toEqual({ status: 'insufficient', needed: 5, have: 0, unit: 'sells' });
      expect(h.costs.result).toEqual({ status: 'insufficient', needed: 1, have: 0, unit: 'sells' });
      expect(h.holding.result).toEqual({
        status: 'insufficient',
        needed: 2,
        have: 0,
        unit: 'sells (one winning, one losing)',
      });
      expect(h.drawdown.result).toEqual({
        status: 'insufficient',
        needed: 5,
        have: 1,
        unit: 'days of account value',
      });
      expect(h.activity.result).toEqual({ status: 'insufficient', needed: 5, have: 0, unit: 'trades' });
      expect(h.ifHeld.result).toEqual({ status: 'insufficient', needed: 1, have: 0, unit: 'sells' });
      expect(h.disposition.yardstick.source).toMatch(/Odean/);
      expect(h.costs.yardstick.source).toMatch(/SEBI/);
    });

    it('computes each habit from the real fills, as worked by hand here', async () => {
      const rows = await ctx().rows<{
        symbol: string;
        side: 'BUY' | 'SELL';
        quantity: number;
        price: string;
        value: string;
        fees: string;
        realized: string;
      }>(
        sql`select symbol, side, quantity, price_paise::text as price, value_paise::text as value, fees_paise::text as fees, realized_pnl_paise::text as realized
            from fills where user_id = ${trader.user.id} order by created_at, id`,
      );
      const fills: Fill[] = rows.map((r) => ({
        ...r,
        price: BigInt(r.price),
        value: BigInt(r.value),
        fees: BigInt(r.fees),
        realized: BigInt(r.realized),
      }));
      expect(fills.map((f) => `${f.side} ${f.quantity} ${f.symbol}`)).toEqual([
        'BUY 10 ITC',
        'BUY 2 SBIN',
        ...Array(5).fill('SELL 1 ITC'),
      ]);
      const [buyItc, buySbin, ...sells] = fills as [Fill, Fill, ...Fill[]];
      const summaryRes = await ctx().request({
        method: 'GET',
        url: '/api/portfolio/summary',
        token: trader.token,
      });
      const summary = portfolioSummaryResponseSchema.parse(summaryRes.json()).data;
      const itcNow = await quote(ctx(), trader, 'ITC');
      const sbinNow = await quote(ctx(), trader, 'SBIN');
      const h = await habits(ctx(), trader);

      // Disposition: each ITC sale is a realised gain or loss against the 10-share buy price (fees
      // aside); SBIN, still held, is a paper gain or loss at today's price at every one of them.
      const gross = sells.map((s) => s.price - buyItc.price);
      const rg = gross.filter((g) => g > 0n).length;
      const rl = gross.filter((g) => g < 0n).length;
      const sbinValue = BigInt(Math.round(sbinNow * 100)) * 2n;
      const pg = sbinValue > buySbin.value ? 5 : 0;
      const pl = sbinValue < buySbin.value ? 5 : 0;
      const pct = (a: number, b: number) => (b === 0 ? null : Math.round((a / b) * 10000) / 100);
      expect(h.disposition.result).toEqual({
        status: 'ready',
        realizedGains: rg,
        realizedLosses: rl,
        paperGains: pg,
        paperLosses: pl,
        pgr: pct(rg, rg + pg),
        plr: pct(rl, rl + pl),
        difference:
          pct(rg, rg + pg) === null || pct(rl, rl + pl) === null
            ? null
            : Math.round((pct(rg, rg + pg)! - pct(rl, rl + pl)!) * 100) / 100,
      });

      // Costs: every fee paid; the charges on the 5 shares sold are their sell fees plus each one's
      // pro-rata part of what is left of the ITC buy fees (1/10, then 1/9 of the rest, ..., to the paisa).
      const fees = fills.reduce((s, f) => s + f.fees, 0n);
      let buyFeesLeft = buyItc.fees;
      let buySharesLeft = 10n;
      let closedCharges = 0n;
      for (const sell of sells) {
        const part = (buyFeesLeft * 2n + buySharesLeft) / (buySharesLeft * 2n);
        closedCharges += sell.fees + part;
        buyFeesLeft -= part;
        buySharesLeft -= 1n;
      }
      const grossSum = gross.reduce((s, g) => s + g, 0n);
      const traded = fills.reduce((s, f) => s + f.value, 0n);
      expect(h.costs.result).toEqual({
        status: 'ready',
        turnoverPercent: Math.round((Number(traded) / 2 / (summary.totalValue * 100)) * 10000) / 100,
        annualTurnoverPercent: null,
        tradedDays: expect.any(Number),
        chargesPaid: Number(fees) / 100,
        chargesOnSold: Number(closedCharges) / 100,
        grossRealizedPnl: Number(grossSum) / 100,
        // The glossary's Charges share: none when the sells made nothing or lost before charges.
        chargesShareOfGross:
          grossSum <= 0n ? null : Math.round((Number(closedCharges) / Number(grossSum)) * 10000) / 100,
      });

      // Holding: winners and losers are the sells with a positive or negative ledger P&L.
      const winners = sells.filter((s) => s.realized > 0n).length;
      const losers = sells.filter((s) => s.realized < 0n).length;
      if (winners > 0 && losers > 0)
        expect(h.holding.result).toMatchObject({ status: 'ready', winners, losers });
      else
        expect(h.holding.result).toEqual({
          status: 'insufficient',
          needed: 2,
          have: Math.min(winners, 1) + Math.min(losers, 1),
          unit: 'sells (one winning, one losing)',
        });

      // Activity: 7 fills on one day, against realised + unrealised P&L on the ₹10,000 opening balance.
      const tradingPnl =
        Math.round((summary.totalRealizedPnL + summary.totalCurrentValue - summary.totalInvested) * 100) /
        100;
      expect(h.activity.result).toEqual({
        status: 'ready',
        fills: 7,
        activeDays: 1,
        tradesPerActiveDay: 7,
        tradingPnl,
        returnPercent: Math.round((tradingPnl / 10_000) * 100 * 100) / 100,
      });

      // If you had held: the five ITC sells, newest first, at today's ITC price.
      const itcNowPaise = BigInt(Math.round(itcNow * 100));
      const expectedRows = [...sells].reverse().map((s) => ({
        symbol: 'ITC',
        quantity: 1,
        soldAt: Number(s.price) / 100,
        priceNow: itcNow,
        difference: Number(itcNowPaise - s.price) / 100,
      }));
      expect(h.ifHeld.result.status).toBe('ready');
      if (h.ifHeld.result.status === 'ready') {
        expect(h.ifHeld.result.rows.map(({ soldOn: _soldOn, ...r }) => r)).toEqual(expectedRows);
        expect(h.ifHeld.result.total).toBeCloseTo(
          expectedRows.reduce((s, r) => s + r.difference, 0),
          2,
        );
      }

      // The other user's trades are theirs alone.
      expect((await habits(ctx(), fresh)).activity.result).toMatchObject({ status: 'insufficient', have: 0 });
    });

    it('needs a session', async () => {
      expect((await ctx().request({ method: 'GET', url: '/api/insights/habits' })).statusCode).toBe(401);
    });
  },
  { now: () => clock.now },
);
