import { dateToDayNumber, dayNumberToDate } from '@nivesh/shared';
import { describe, expect, it } from 'vitest';
import { scoreSeason, seasonBounds, timeWeightedReturn, type EquityDay } from './leaderboard.math.js';

const rs = (rupees: number) => BigInt(Math.round(rupees * 100));
const day = (n: number, equity: number, flow = 0, trades = 0): EquityDay => ({
  day: n,
  equityPaise: rs(equity),
  flowPaise: rs(flow),
  trades,
});

describe('timeWeightedReturn', () => {
  it('chains daily returns with a reward and a reset in the middle taken out', () => {
    // From ₹10,000: +5%; a ₹100 reward on a flat day; −10%; +5% then a reset to ₹10,000 the same
    // day (outside cash 10,000 − 10,017 = −₹17); +2%. By hand: 1.05 × 1 × 0.9 × 1.05 × 1.02 − 1 = 1.2095%.
    const days = [
      day(1, 10_500, 0, 1),
      day(2, 10_600, 100),
      day(3, 9_540),
      day(4, 10_000, -17, 2),
      day(5, 10_200, 0, 1),
    ];
    const score = timeWeightedReturn(rs(10_000), days);
    expect(score.twr).toBeCloseTo(0.012095, 9);
    // The peak 1.05 fell to 0.945: a 10% drawdown.
    expect(score.maxDrawdown).toBeCloseTo(0.1, 9);
    expect(score.trades).toBe(4);
    expect(score.daysActive).toBe(3);
    // The plain change in equity (+2%) would have counted the reward and the reset.
    expect(score.twr).not.toBeCloseTo(0.02, 3);
  });

  it('is zero for a player whose only gains are rewards', () => {
    const score = timeWeightedReturn(rs(10_000), [
      day(1, 10_100, 100),
      day(2, 10_200, 100),
      day(3, 10_300, 100),
    ]);
    expect(score.twr).toBe(0);
    expect(score.maxDrawdown).toBe(0);
  });

  it('counts a day with nothing to earn on as flat', () => {
    expect(timeWeightedReturn(0n, [day(1, 100, 100), day(2, 110)]).twr).toBeCloseTo(0.1, 12);
  });
});

describe('seasonBounds', () => {
  const d = dateToDayNumber;
  it('runs Monday to Sunday and the calendar month in IST', () => {
    const wed = d('2026-11-25');
    const week = seasonBounds('week', wed);
    expect([dayNumberToDate(week.startDay!), dayNumberToDate(week.endDay!)]).toEqual([
      '2026-11-23',
      '2026-11-29',
    ]);
    const sunday = seasonBounds('week', d('2026-11-29'));
    expect(dayNumberToDate(sunday.startDay!)).toBe('2026-11-23');
    expect(dayNumberToDate(seasonBounds('week', d('2026-11-23')).startDay!)).toBe('2026-11-23');
    const dec = seasonBounds('month', d('2026-12-31'));
    expect([dayNumberToDate(dec.startDay!), dayNumberToDate(dec.endDay!)]).toEqual([
      '2026-12-01',
      '2026-12-31',
    ]);
    const feb = seasonBounds('month', d('2028-02-10'));
    expect(dayNumberToDate(feb.endDay!)).toBe('2028-02-29');
    expect(seasonBounds('all', wed)).toEqual({ startDay: null, endDay: null });
  });
});

describe('scoreSeason', () => {
  const history = {
    joinDay: 10,
    joinEquityPaise: rs(10_000),
    // A ₹100 reward and one trade came before joining that day: neither counts.
    joinFlowPaise: rs(100),
    joinTrades: 1,
    days: [day(10, 10_600, 100, 2), day(11, 11_000), day(12, 11_550, 0, 1)],
  };

  it('starts a late joiner at the moment of joining', () => {
    // (10,600 − 0) / 10,000 = 1.06; 11,000 / 10,600; 11,550 / 11,000 = 1.05 → 11,550 / 10,000 = +15.5%.
    const score = scoreSeason(history, 5);
    expect(score.twr).toBeCloseTo(0.155, 12);
    expect(score.trades).toBe(2);
    expect(score.daysActive).toBe(2);
  });

  it('starts an earlier joiner at the close before the season', () => {
    const score = scoreSeason(history, 12);
    expect(score.twr).toBeCloseTo(0.05, 12);
    expect(score.trades).toBe(1);
    expect(scoreSeason(history, null).twr).toBeCloseTo(0.155, 12);
  });
});
