import { describe, expect, it } from 'vitest';
import {
  chargesShare,
  dispositionEffect,
  holdingTimes,
  maxDrawdown,
  replay,
  tradesPerActiveDay,
  turnover,
  type HabitFill,
} from './habits.math.js';

const H = 3_600_000;
function fill(
  symbol: string,
  side: 'BUY' | 'SELL',
  quantity: number,
  rupees: number,
  hour: number,
  feesPaise = 0n,
  realizedPnlPaise = 0n,
): HabitFill {
  const pricePaise = BigInt(Math.round(rupees * 100));
  return {
    symbol,
    side,
    quantity,
    pricePaise,
    valuePaise: pricePaise * BigInt(quantity),
    feesPaise,
    realizedPnlPaise,
    at: hour * H,
  };
}

// Hand-worked: A is sold for a gain while B is under water and C above; then B is sold for a loss while C is under water.
const book: HabitFill[] = [
  fill('A', 'BUY', 10, 100, 0, 10n),
  fill('B', 'BUY', 5, 200, 1),
  fill('C', 'BUY', 2, 50, 2),
  fill('A', 'SELL', 10, 110, 3, 20n, 9970n),
  fill('B', 'SELL', 5, 190, 4, 5n, -5005n),
];
const prices: Record<string, Record<number, number>> = { B: { 3: 190 }, C: { 3: 60, 4: 40 } };
const priceAt = (symbol: string, at: number) => {
  const rupees = prices[symbol]?.[at / H];
  return rupees === undefined ? undefined : BigInt(rupees * 100);
};

describe('habit math', () => {
  it('replays sells with gross P&L, charges on the shares sold and the other positions held', () => {
    const sells = replay(book);
    expect(sells.map((s) => [s.symbol, s.grossPnlPaise, s.chargesPaise, s.holdingMs / H])).toEqual([
      ['A', 10_000n, 30n, 3],
      ['B', -5_000n, 5n, 3],
    ]);
    expect(sells[0]!.others).toEqual([
      { symbol: 'B', quantity: 5, costExFees: 100_000n },
      { symbol: 'C', quantity: 2, costExFees: 10_000n },
    ]);
    expect(sells[1]!.others).toEqual([{ symbol: 'C', quantity: 2, costExFees: 10_000n }]);
  });

  it('computes PGR, PLR and their difference as Odean did', () => {
    // RG 1 (A), RL 1 (B); paper: B loss and C gain at the first sale, C loss at the second.
    // PGR = 1 / (1 + 1) = 50%; PLR = 1 / (1 + 2) = 33.33%; difference 16.67 points.
    expect(dispositionEffect(replay(book), priceAt)).toEqual({
      realizedGains: 1,
      realizedLosses: 1,
      paperGains: 1,
      paperLosses: 2,
      pgr: 50,
      plr: 33.33,
      difference: 16.67,
    });
    // A holding with no price that day is not counted either way.
    expect(dispositionEffect(replay(book), () => undefined)).toMatchObject({
      paperGains: 0,
      paperLosses: 0,
      pgr: 100,
      plr: 100,
      difference: 0,
    });
  });

  it('puts charges on closed shares against the gross realised P&L', () => {
    // Gross 100.00 − 50.00 = 50.00; charges 0.30 + 0.05 = 0.35 → 0.7%.
    expect(chargesShare(replay(book))).toEqual({ grossPaise: 5_000n, chargesPaise: 35n, percent: 0.7 });
    expect(chargesShare([]).percent).toBeNull();
  });

  it('gives no charges share when the gross realised P&L is a loss: a share of a loss means nothing', () => {
    // Gross 5 × (90 − 100) = −50.00; charges 0.40. Not "0.8% of gross".
    const lost = replay([fill('A', 'BUY', 5, 100, 0, 20n), fill('A', 'SELL', 5, 90, 1, 20n, -5_040n)]);
    expect(chargesShare(lost)).toEqual({ grossPaise: -5_000n, chargesPaise: 40n, percent: null });
  });

  it('measures turnover as half the traded value over the account value, annualised after 30 days', () => {
    // Traded 1,000 + 1,000 + 100 + 1,100 + 950 = 4,150; half is 2,075 on a 10,000 account = 20.75%.
    expect(turnover(book, 1_000_000n, 10 * 24 * H)).toEqual({
      percent: 20.75,
      days: 10,
      annualPercent: null,
    });
    expect(turnover(book, 1_000_000n, 73 * 24 * H)).toEqual({
      percent: 20.75,
      days: 73,
      annualPercent: 103.75,
    });
  });

  it('times holdings first in, first out, weighted by shares, for winners and losers apart', () => {
    const fifo = replay([
      fill('A', 'BUY', 10, 100, 0),
      fill('A', 'BUY', 10, 100, 2),
      fill('A', 'SELL', 15, 101, 4, 0n, 1500n),
      fill('A', 'SELL', 5, 90, 10, 0n, -5000n),
    ]);
    // First sell: 10 shares held 4 h and 5 held 2 h → 50 / 15 = 3.33 h. Second: 5 shares held 8 h.
    expect(holdingTimes(fifo)).toEqual({ winners: 1, losers: 1, winnerHours: 3.33, loserHours: 8 });
  });

  it('finds the largest peak-to-trough fall', () => {
    const values = [100, 120, 90, 130, 104].map((value, i) => ({ date: `d${i}`, value }));
    expect(maxDrawdown(values)).toEqual({
      percent: 25,
      peak: { date: 'd1', value: 120 },
      trough: { date: 'd2', value: 90 },
    });
    expect(
      maxDrawdown([
        { date: 'd0', value: 5 },
        { date: 'd1', value: 6 },
      ]),
    ).toMatchObject({ percent: 0 });
    expect(maxDrawdown([])).toBeNull();
  });

  it('counts fills per day that had any', () => {
    const day = (at: number) => String(Math.floor(at / (24 * H)));
    expect(tradesPerActiveDay([...book, fill('C', 'SELL', 2, 55, 30)], day)).toEqual({
      fills: 6,
      activeDays: 2,
      perDay: 3,
    });
  });
});
