import { describe, expect, it } from 'vitest';
import { computeFees } from '@nivesh/shared';
import { roundTripPnL } from './pnl';

const fee = (side: 'BUY' | 'SELL', rupees: number) =>
  Number(computeFees(side, BigInt(Math.round(rupees * 100))).total) / 100;

describe('roundTripPnL', () => {
  it('charges both legs on a buy: an unchanged price loses exactly the two fee bills', () => {
    expect(roundTripPnL({ side: 'BUY', quantity: 2, entryPrice: 1414.5, exitPrice: 1414.5 })).toBe(-7.71);
    expect(fee('BUY', 2829) + fee('SELL', 2829)).toBeCloseTo(7.71, 2);
    expect(roundTripPnL({ side: 'BUY', quantity: 10, entryPrice: 100, exitPrice: 110 })).toBeCloseTo(
      100 - fee('BUY', 1000) - fee('SELL', 1100),
      2,
    );
  });

  it('measures a sell against the average cost, with the sell fees', () => {
    expect(
      roundTripPnL({ side: 'SELL', quantity: 10, entryPrice: 110, exitPrice: 110, avgPrice: 100.12 }),
    ).toBeCloseTo(1100 - fee('SELL', 1100) - 1001.2, 2);
  });
});
