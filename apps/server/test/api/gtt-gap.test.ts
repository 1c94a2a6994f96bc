import { expect, it } from 'vitest';
import { isTradingDay, istDayNumber, sessionBounds } from '@nivesh/shared';
import { describeEachDb, signUp, testConfig } from '../support/test-app.js';
import { testMarket } from '../support/market-path.js';
import { below, clock, created, one, orderOf, run, START } from './gtt.fixtures.js';

/** The first weekday session whose open gapped down from the previous close by more than 3 ticks. */
function findGapDown(symbols: string[], fromMs: number) {
  const at = testMarket('nse').priceAt;
  for (let day = istDayNumber(fromMs); day < istDayNumber(fromMs) + 60; day += 1) {
    if (!isTradingDay('nse', day)) continue;
    let next = day + 1;
    while (!isTradingDay('nse', next)) next += 1;
    for (const symbol of symbols) {
      const closed = at(symbol, sessionBounds('nse', day).closeMs + 60_000);
      const openMs = sessionBounds('nse', next).openMs;
      const open = at(symbol, openMs + 1000);
      if (open < below(closed, 3))
        return { symbol, closed, open, afterClose: sessionBounds('nse', day).closeMs + 60_000, openMs };
    }
  }
  throw new Error('no gap down in 60 days');
}

describeEachDb(
  'GTT across a gap (NSE session)',
  (ctx) => {
    it('a gap down through the trigger at the open fires it at the first tick, below the trigger', async () => {
      const gap = findGapDown(['ITC', 'INFY', 'TCS', 'SBIN', 'HDFCBANK', 'RELIANCE'], START);
      // A trigger strictly between the open and the previous close: no tick ever traded at it.
      const trigger = below(gap.closed, 1);
      expect(gap.open).toBeLessThan(trigger);
      clock.now = gap.afterClose;
      const user = await signUp(ctx());
      await run(ctx());
      const gtt = await created(ctx(), user, {
        symbol: gap.symbol,
        kind: 'single',
        side: 'BUY',
        quantity: 1,
        legs: [{ triggerPrice: trigger, limitPrice: trigger }],
      });
      expect(gtt.referencePrice).toBe(gap.closed);
      // Overnight: nothing moves, nothing fires.
      clock.now = gap.openMs - 60_000;
      expect((await run(ctx())).triggered).toBe(0);
      clock.now = gap.openMs + 30_000;
      expect((await run(ctx())).triggered).toBe(1);
      const fired = await one(ctx(), user, gtt.id);
      expect(fired.status).toBe('TRIGGERED');
      expect(fired.triggeredPrice!).toBeLessThan(trigger);
      expect(Date.parse(fired.triggeredAt!)).toBeLessThan(gap.openMs + 2000);
      // The LIMIT at the trigger is marketable after the gap, so it filled at the market.
      const order = await orderOf(ctx(), user, fired.orderId!);
      expect(order).toMatchObject({ orderType: 'LIMIT', limitPrice: trigger, status: 'FILLED' });
      expect(order.executionPrice!).toBeLessThanOrEqual(trigger);
    });
  },
  { now: () => clock.now, config: { market: { ...testConfig().market, session: 'nse' } } },
);
