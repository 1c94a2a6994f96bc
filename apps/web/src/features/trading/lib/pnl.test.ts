import { describe, expect, it } from 'vitest';
import { computeFees, scheduleFor } from '@nivesh/shared';
import { roundTripPnL } from './pnl';

const DELIVERY = scheduleFor('CNC', 'NSE', '2026-11-21');
const INTRADAY = scheduleFor('MIS', 'NSE', '2026-11-21');
const fee = (side: 'BUY' | 'SELL', rupees: number, schedule = INTRADAY) =>
  Number(computeFees(side, BigInt(Math.round(rupees * 100)), schedule, { firstSellOfDay: true }).total) / 100;

describe('roundTripPnL', () => {
  it('charges both legs on a buy: an unchanged price loses exactly the two fee bills', () => {
    // ₹2,829 intraday: buy ₹3.53 (no STT), sell ₹4.16 (STT 0.025%).
    const flat = { side: 'BUY', quantity: 2, entryPrice: 1414.5, exitPrice: 1414.5 } as const;
    expect(roundTripPnL({ ...flat, schedule: INTRADAY })).toBe(-7.69);
    // Delivery: buy ₹6.70, sell ₹21.62 with STT 0.1% and the ₹15.34 DP charge.
    expect(roundTripPnL({ ...flat, schedule: DELIVERY })).toBe(-28.32);
    expect(
      roundTripPnL({ side: 'BUY', quantity: 10, entryPrice: 100, exitPrice: 110, schedule: INTRADAY }),
    ).toBeCloseTo(100 - fee('BUY', 1000) - fee('SELL', 1100), 2);
  });

  it('measures a sell against the average cost, with the sell fees', () => {
    expect(
      roundTripPnL({
        side: 'SELL',
        quantity: 10,
        entryPrice: 110,
        exitPrice: 110,
        avgPrice: 100.12,
        schedule: DELIVERY,
      }),
    ).toBeCloseTo(1100 - fee('SELL', 1100, DELIVERY) - 1001.2, 2);
  });
});
