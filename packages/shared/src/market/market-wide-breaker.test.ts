import { describe, expect, it } from 'vitest';
import {
  breakerHalts,
  breakerState,
  haltAt,
  istMinuteOf,
  marketWideBreakerRule,
  recordedHalts,
} from './market-wide-breaker.js';

describe('market-wide circuit breaker', () => {
  it('is dated data with a source', () => {
    const rule = marketWideBreakerRule('2020-03-13');
    expect(rule.effectiveFrom <= '2020-03-13').toBe(true);
    expect(rule.source).toMatch(/SEBI/);
    expect(rule.preOpenMinutes).toBe(15);
  });

  it('does nothing below 10% either way', () => {
    expect(breakerState(-9.99, '09:30', null)).toEqual({
      halted: false,
      level: null,
      preOpenFrom: null,
      reopensAt: null,
      restOfDay: false,
    });
    expect(breakerState(9.99, '09:30', null).halted).toBe(false);
  });

  it('halts 45 minutes for 10% before 13:00, 15 minutes from 13:00, not at all from 14:30, each then a 15-minute pre-open', () => {
    expect(breakerState(-10, '09:20', null)).toMatchObject({
      halted: true,
      level: 10,
      preOpenFrom: '10:05',
      reopensAt: '10:20',
    });
    expect(breakerState(10.2, '12:59', null)).toMatchObject({
      halted: true,
      preOpenFrom: '13:44',
      reopensAt: '13:59',
    });
    expect(breakerState(-10.2, '13:00', null)).toMatchObject({
      halted: true,
      preOpenFrom: '13:15',
      reopensAt: '13:30',
    });
    expect(breakerState(-10.2, '14:29', null)).toMatchObject({
      halted: true,
      preOpenFrom: '14:44',
      reopensAt: '14:59',
    });
    expect(breakerState(-10.2, '14:30', null)).toMatchObject({ halted: false, level: 10, reopensAt: null });
  });

  it('halts 1 h 45 m for 15% before 13:00, 45 minutes from 13:00, the rest of the day from 14:00', () => {
    expect(breakerState(-15, '11:00', 10)).toMatchObject({
      halted: true,
      level: 15,
      preOpenFrom: '12:45',
      reopensAt: '13:00',
    });
    expect(breakerState(-15, '13:59', 10)).toMatchObject({
      halted: true,
      preOpenFrom: '14:44',
      reopensAt: '14:59',
    });
    expect(breakerState(-15, '14:00', 10)).toMatchObject({
      halted: true,
      restOfDay: true,
      reopensAt: null,
      preOpenFrom: null,
    });
  });

  it('halts for the rest of the day at 20% at any time, and a jump past two levels trips the higher', () => {
    expect(breakerState(-20, '09:15', null)).toMatchObject({ halted: true, level: 20, restOfDay: true });
    expect(breakerState(-16, '10:00', null)).toMatchObject({ level: 15, preOpenFrom: '11:45' });
  });

  it('trips each level once a day', () => {
    expect(breakerState(-11, '11:00', 10)).toMatchObject({ halted: false, level: null });
    expect(breakerState(-14.9, '11:00', 10).level).toBeNull();
  });

  it('lays out a day: minutes in a halt are skipped and a recorded event replaces the path', () => {
    const moves = [
      { minute: istMinuteOf('09:16'), index: 'NIFTY50', movePercent: -10.5 },
      { minute: istMinuteOf('09:40'), index: 'NIFTY50', movePercent: -15.5 },
      { minute: istMinuteOf('10:30'), index: 'SENSEX', movePercent: -15.1 },
    ];
    const path = breakerHalts(moves);
    expect(path.map((h) => [h.level, h.haltedAt, h.reopensAt, h.index])).toEqual([
      [10, istMinuteOf('09:16'), istMinuteOf('10:16'), 'NIFTY50'],
      [15, istMinuteOf('10:30'), istMinuteOf('12:30'), 'SENSEX'],
    ]);
    const recorded = recordedHalts('2020-03-13');
    expect(recorded).toEqual([
      expect.objectContaining({
        level: 10,
        haltedAt: istMinuteOf('09:20'),
        preOpenFrom: istMinuteOf('10:05'),
        reopensAt: istMinuteOf('10:20'),
        basis: 'recorded',
      }),
    ]);
    const day = breakerHalts(moves.slice(0, 1), recorded);
    expect(day).toHaveLength(1);
    expect(haltAt(day, istMinuteOf('09:19'))).toBeUndefined();
    expect(haltAt(day, istMinuteOf('09:20'))?.phase).toBe('halt');
    expect(haltAt(day, istMinuteOf('10:05'))?.phase).toBe('pre-open');
    expect(haltAt(day, istMinuteOf('10:20'))).toBeUndefined();
  });
});
