// The daily figures of one symbol over a window of days (real or simulated), beside its index.
import type { DailyBars } from '../../apps/server/src/modules/market/simulator/market-bundle.js';
import {
  autocorrelation,
  beta,
  kurtosis,
  meanRangeShare,
  monthlySigma,
  shareBeyondMove,
  shareBeyondSigma,
  stdev,
  weeklySigma,
} from '../../apps/server/src/modules/market/simulator/realism-stats.js';
import { MAX_ABS_RETURN } from './config.js';

export interface Window {
  /** Day → log return (close to close), for the days kept. */
  returns: Map<number, number>;
  days: number[];
  closes: number[];
  logVolume: number[];
  high: number[];
  low: number[];
  close: number[];
}

/** Bars with from < day ≤ to; returns need the bar before, across a gap of at most 7 calendar days. */
export function window(bars: Readonly<DailyBars>, from: number, to: number): Window {
  const w: Window = { returns: new Map(), days: [], closes: [], logVolume: [], high: [], low: [], close: [] };
  for (let i = 0; i < bars.days.length; i += 1) {
    const day = bars.days[i]!;
    if (day <= from || day > to) continue;
    w.days.push(day);
    w.closes.push(bars.close[i]!);
    w.high.push(bars.high[i]!);
    w.low.push(bars.low[i]!);
    w.close.push(bars.close[i]!);
    if (bars.volume[i]! > 0) w.logVolume.push(Math.log(bars.volume[i]!));
    if (i > 0 && day - bars.days[i - 1]! <= 7) {
      const r = Math.log(bars.close[i]! / bars.close[i - 1]!);
      if (Math.abs(r) <= MAX_ABS_RETURN) w.returns.set(day, r);
    }
  }
  return w;
}

export interface Figures {
  n: number;
  sigma: number;
  beta: number;
  kurtosis: number;
  absAc: number[];
  volumeAc1: number;
  weeklySigma: number;
  monthlySigma: number;
  beyond4Sigma: number;
  beyond10Pct: number;
  range: number;
}

export function figures(w: Window, index: Window): Figures {
  const rs = [...w.returns.values()];
  const a: number[] = [];
  const b: number[] = [];
  for (const [day, r] of w.returns) {
    const m = index.returns.get(day);
    if (m !== undefined) {
      a.push(r);
      b.push(m);
    }
  }
  const abs = rs.map(Math.abs);
  return {
    n: rs.length,
    sigma: stdev(rs),
    beta: beta(a, b),
    kurtosis: kurtosis(rs),
    absAc: [1, 2, 3, 4, 5].map((k) => autocorrelation(abs, k)),
    volumeAc1: autocorrelation(w.logVolume, 1),
    weeklySigma: weeklySigma(w.days, w.closes),
    monthlySigma: monthlySigma(w.days, w.closes),
    beyond4Sigma: shareBeyondSigma(rs, 4),
    beyond10Pct: shareBeyondMove(rs, 0.1),
    range: meanRangeShare(w.high, w.low, w.close),
  };
}
