import { describe, expect, it } from 'vitest';
import {
  aggregateCandles,
  intradayBucket,
  isOnTick,
  istDayBucket,
  priceBand,
  sessionBounds,
  type Candle,
} from '@nivesh/shared';
import { defaultMarketDataDir } from '../../../paths.js';
import { loadMarketBundle } from './market-bundle.js';
import { MarketSimulator } from './market-simulator.js';
import { SimulatedProvider } from './simulated-provider.js';

const bundle = loadMarketBundle(defaultMarketDataDir);
// Built once per file: construction and the continuation are the expensive part.
const open24 = new MarketSimulator({ bundle, seed: 'unit', session: 'always-open' });
const nse = new MarketSimulator({ bundle, seed: 'unit', session: 'nse' });
const T = Date.parse('2026-09-16T06:42:17Z'); // Wed 12:12:17 IST, in the simulated continuation
const SAMPLE = ['RELIANCE', 'TCS', 'HDFCBANK', 'ITC', 'INFY', 'SBIN', 'TATASTEEL', 'ADANIENT', 'BAJFINANCE', 'SUNPHARMA', 'ABB', 'YESBANK'];

const fold = (candles: Candle[]) => aggregateCandles(candles, istDayBucket);

describe('market simulator', () => {
  it('is a pure function of the seed: same seed, same prices; another seed, other prices', () => {
    const again = new MarketSimulator({ bundle, seed: 'unit', session: 'always-open' });
    const other = new MarketSimulator({ bundle, seed: 'other', session: 'always-open' });
    const provider = new SimulatedProvider(open24);
    const provider2 = new SimulatedProvider(again);
    for (const symbol of ['RELIANCE', 'NIFTY50', 'AAPL', '360ONE']) {
      // Asked in a different order (the second one jumps straight to T): same numbers.
      expect(again.snapshot(symbol, T)).toEqual(open24.snapshot(symbol, T));
      expect(provider2.historyAt(symbol, '1D', T)).toEqual(provider.historyAt(symbol, '1D', T));
      expect(other.snapshot(symbol, T)!.price).not.toBe(open24.snapshot(symbol, T)!.price);
    }
  });

  it('keeps real history up to the anchor date and continues from its last close', () => {
    const s = open24.dailySeries('RELIANCE')!;
    const anchor = s.days.indexOf(bundle.anchorDay);
    expect(s.close[anchor]).toBe(1293); // 2026-06-12, the last real close
    expect(s.days[anchor + 1]).toBe(bundle.anchorDay + 1); // always-open: every calendar day
    nse.snapshot('RELIANCE', T);
    const n = nse.dailySeries('RELIANCE')!;
    expect(n.days[n.days.indexOf(bundle.anchorDay) + 1]).toBe(bundle.anchorDay + 3); // Fri → Mon
  });

  it('agrees with itself across resolutions: 1-minute = 5-minute = hourly = daily', () => {
    for (const [sim, label] of [
      [open24, 'always-open'],
      [nse, 'nse'],
    ] as const) {
      const p = new SimulatedProvider(sim);
      for (const symbol of ['RELIANCE', 'NIFTY50', 'AAPL']) {
        const oneDay = p.historyAt(symbol, '1D', T);
        const fiveDays = p.historyAt(symbol, '5D', T);
        const month = p.historyAt(symbol, '1M', T);
        const daily = p.historyAt(symbol, '3M', T);
        const today = fold(oneDay)[0]!;
        expect(fold(fiveDays).at(-1), `${label} ${symbol} 5D`).toEqual(today);
        expect(fold(month).at(-1), `${label} ${symbol} 1M`).toEqual(today);
        expect(daily.at(-1), `${label} ${symbol} 3M`).toEqual(today);
        // Finished days too: the 5-minute bars of each earlier day fold into that day's daily bar.
        const byDay = fold(fiveDays);
        expect(daily.slice(-byDay.length)).toEqual(byDay);
        // 5-minute bars are 1-minute bars folded from the session open.
        const open = sessionBounds(sim.session, istDayBucket(oneDay[0]!.time)).openMs / 1000;
        expect(fiveDays.slice(-Math.ceil(oneDay.length / 5))).toEqual(aggregateCandles(oneDay, intradayBucket(() => open, 5)));
      }
    }
  });

  it('sends live ticks that add up to the candle a chart shows afterwards', () => {
    const minuteStart = Math.floor(T / 60_000) * 60_000;
    const ticks = Array.from({ length: 60 }, (_, s) => open24.snapshot('TCS', minuteStart + s * 1000)!);
    const later = new SimulatedProvider(open24).historyAt('TCS', '1D', minuteStart + 120_000);
    const candle = later.find((c) => c.time === minuteStart / 1000)!;
    const prices = ticks.map((t) => t.price);
    expect(candle.close).toBe(prices[59]);
    expect(candle.high).toBe(Math.max(candle.open, ...prices));
    expect(candle.low).toBe(Math.min(candle.open, ...prices));
    expect(ticks[59]!.candle).toEqual(candle);
    for (let i = 1; i < 60; i += 1) {
      expect(ticks[i]!.volume).toBeGreaterThanOrEqual(ticks[i - 1]!.volume);
      expect(ticks[i]!.dayHigh).toBeGreaterThanOrEqual(ticks[i - 1]!.dayHigh);
    }
  });

  it('never prices off the tick grid or beyond ±20% of the previous close', () => {
    for (const symbol of [...SAMPLE, 'AAPL', 'NVDA', '360ONE', 'ZYDUSLIFE']) {
      const s = open24.dailySeries(symbol)!;
      const inst = open24.instrument(symbol)!;
      const simFrom = s.days.findIndex((d) => d > bundle.anchorDay);
      for (let i = Math.max(1, simFrom); i < s.days.length; i += 1) {
        const band = priceBand(s.close[i - 1]!, inst.currency);
        for (const v of [s.open[i]!, s.high[i]!, s.low[i]!, s.close[i]!]) {
          expect(isOnTick(v, inst.currency), `${symbol} ${v}`).toBe(true);
          expect(v).toBeGreaterThanOrEqual(band.lower);
          expect(v).toBeLessThanOrEqual(band.upper);
        }
        expect(s.high[i]).toBeGreaterThanOrEqual(Math.max(s.open[i]!, s.close[i]!));
        expect(s.low[i]).toBeLessThanOrEqual(Math.min(s.open[i]!, s.close[i]!));
      }
      for (const c of new SimulatedProvider(open24).historyAt(symbol, '1D', T)) {
        for (const v of [c.open, c.high, c.low, c.close]) expect(isOnTick(v, inst.currency), `${symbol} minute ${v}`).toBe(true);
      }
    }
  });

  it('moves indices with their constituents', () => {
    const members = (open24 as unknown as { indexMembers: Map<string, { symbol: string; weight: number }[]> }).indexMembers.get('NIFTY50')!;
    expect(members).toHaveLength(50);
    expect(members.reduce((s, m) => s + m.weight, 0)).toBeCloseTo(1, 9);
    const nifty = open24.dailySeries('NIFTY50')!;
    const k = nifty.days.length - 1;
    const day = nifty.days[k]!;
    let expected = 0;
    for (const { symbol, weight } of members) {
      const s = open24.dailySeries(symbol)!;
      const i = s.days.indexOf(day);
      expected += weight * (s.close[i]! / s.close[i - 1]! - 1);
    }
    expect(nifty.close[k]! / nifty.close[k - 1]! - 1).toBeCloseTo(expected, 5);
  });

  it('follows the NSE session: nothing outside 09:15–15:30 IST, Friday’s close at the weekend', () => {
    const p = new SimulatedProvider(nse);
    const day = p.historyAt('INFY', '1D', Date.parse('2026-09-19T06:00:00Z')); // Saturday
    expect(day).toHaveLength(375);
    expect(new Date(day[0]!.time * 1000).toISOString()).toBe('2026-09-18T03:45:00.000Z'); // Fri 09:15 IST
    const sat = nse.snapshot('INFY', Date.parse('2026-09-19T06:00:00Z'))!;
    expect(sat.open).toBe(false);
    expect(sat.price).toBe(day.at(-1)!.close);
  });

  it('reproduces each stock’s real daily volatility and beta (±7% and ±0.2 over four simulated years)', () => {
    const end = Date.parse('2030-06-12T12:00:00Z');
    nse.snapshot('NIFTY50', end);
    const returns = (symbol: string) => {
      const s = nse.dailySeries(symbol)!;
      const out = new Map<number, number>();
      for (let i = s.days.findIndex((d) => d > bundle.anchorDay); i < s.days.length; i += 1) out.set(s.days[i]!, Math.log(s.close[i]! / s.close[i - 1]!));
      return out;
    };
    const market = returns('NIFTY50');
    for (const symbol of SAMPLE) {
      const r = returns(symbol);
      const xs: number[] = [];
      const ys: number[] = [];
      for (const [d, v] of r) {
        xs.push(market.get(d)!);
        ys.push(v);
      }
      const mean = (a: number[]) => a.reduce((s, x) => s + x, 0) / a.length;
      const mx = mean(xs);
      const my = mean(ys);
      const cov = xs.reduce((s, x, i) => s + (x - mx) * (ys[i]! - my), 0);
      const varX = xs.reduce((s, x) => s + (x - mx) ** 2, 0);
      const vol = Math.sqrt(ys.reduce((s, y) => s + (y - my) ** 2, 0) / (ys.length - 1));
      const real = nse.params(symbol)!;
      expect(vol / real.dailyVol, `${symbol} volatility`).toBeGreaterThan(0.93);
      expect(vol / real.dailyVol, `${symbol} volatility`).toBeLessThan(1.07);
      expect(Math.abs(cov / varX - real.beta), `${symbol} beta ${cov / varX} vs ${real.beta}`).toBeLessThan(0.2);
    }
  });

  it('gives stocks without history their sector’s average parameters and says they are simulated', async () => {
    const abb = nse.params('ABB')!; // has history
    const noHistory = bundle.instruments.find((i) => i.sector === 'Capital Goods' && !bundle.daily.has(i.symbol))!;
    const p = nse.params(noHistory.symbol)!;
    expect(abb.calibrated).toBe(true);
    expect(p.calibrated).toBe(false);
    expect(nse.isSynthetic(noHistory.symbol)).toBe(true);
    const profile = await new SimulatedProvider(nse).profile(noHistory.symbol);
    expect(profile.description).toContain('simulated');
    expect(nse.dailySeries('AAPL')!.close[nse.dailySeries('AAPL')!.days.indexOf(bundle.anchorDay)]).toBe(270);
  });
});
