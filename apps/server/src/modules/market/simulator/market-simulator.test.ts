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
import { intradayVolatilityProfile, longestRunNearExtreme, type MinuteDay } from './realism-stats.js';
import { SimulatedProvider } from './simulated-provider.js';

const bundle = loadMarketBundle(defaultMarketDataDir);
// Built once per file: construction and the continuation are the expensive part.
const open24 = new MarketSimulator({ bundle, seed: 'unit', session: 'always-open' });
const nse = new MarketSimulator({ bundle, seed: 'unit', session: 'nse' });
const T = Date.parse('2026-09-16T06:42:17Z'); // Wed 12:12:17 IST, in the simulated continuation
const SAMPLE = [
  'RELIANCE',
  'TCS',
  'HDFCBANK',
  'ITC',
  'INFY',
  'SBIN',
  'TATASTEEL',
  'ADANIENT',
  'BAJFINANCE',
  'SUNPHARMA',
  'ABB',
  'YESBANK',
];

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
    // 2026-07-24, the last day every bundled series has: NSE's official close that day.
    expect(s.close[anchor]).toBe(1278);
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
        const last24h = p.historyAt(symbol, '1D', T);
        // always-open shows the last 24 hours; the session that holds its last minute is today.
        const oneDay = last24h.filter((c) => istDayBucket(c.time) === istDayBucket(last24h.at(-1)!.time));
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
        expect(fiveDays.slice(-Math.ceil(oneDay.length / 5))).toEqual(
          aggregateCandles(
            oneDay,
            intradayBucket(() => open, 5),
          ),
        );
      }
    }
  }, 180_000);

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
        for (const v of [c.open, c.high, c.low, c.close])
          expect(isOnTick(v, inst.currency), `${symbol} minute ${v}`).toBe(true);
      }
    }
  }, 180_000);

  it('moves indices with their constituents', () => {
    const members = (
      open24 as unknown as { indexMembers: Map<string, { symbol: string; weight: number }[]> }
    ).indexMembers.get('NIFTY50')!;
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

  // Four simulated NSE years after the anchor: the statistics below are read from them.
  const END = Date.parse('2030-06-12T12:00:00Z');
  const simulatedReturns = (symbol: string) => {
    nse.snapshot('NIFTY50', END);
    const s = nse.dailySeries(symbol, false)!;
    const out = new Map<number, number>();
    for (let i = s.days.findIndex((d) => d > bundle.anchorDay); i < s.days.length; i += 1)
      out.set(s.days[i]!, Math.log(s.close[i]! / s.close[i - 1]!));
    return out;
  };
  const mean = (a: number[]) => a.reduce((s, x) => s + x, 0) / a.length;
  const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
  const autocorrelation = (a: number[]) => {
    const m = mean(a);
    let num = 0;
    let den = 0;
    for (let i = 0; i < a.length; i += 1) {
      den += (a[i]! - m) ** 2;
      if (i > 0) num += (a[i]! - m) * (a[i - 1]! - m);
    }
    return num / den;
  };
  const kurtosis = (a: number[]) => {
    const m = mean(a);
    const v = mean(a.map((x) => (x - m) ** 2));
    return mean(a.map((x) => (x - m) ** 4)) / (v * v);
  };

  it('reproduces each stock’s real daily volatility and beta over four simulated years', () => {
    const market = simulatedReturns('NIFTY50');
    let volOk = 0;
    let betaOk = 0;
    for (const symbol of SAMPLE) {
      const xs: number[] = [];
      const ys: number[] = [];
      for (const [d, v] of simulatedReturns(symbol)) {
        xs.push(market.get(d)!);
        ys.push(v);
      }
      const mx = mean(xs);
      const my = mean(ys);
      const cov = xs.reduce((s, x, i) => s + (x - mx) * (ys[i]! - my), 0);
      const varX = xs.reduce((s, x) => s + (x - mx) ** 2, 0);
      const vol = Math.sqrt(ys.reduce((s, y) => s + (y - my) ** 2, 0) / (ys.length - 1));
      const real = nse.params(symbol)!;
      // Volatility clusters, so four years of one path wander more than i.i.d. days would.
      expect(vol / real.dailyVol, `${symbol} volatility`).toBeGreaterThan(0.75);
      expect(vol / real.dailyVol, `${symbol} volatility`).toBeLessThan(1.25);
      expect(Math.abs(cov / varX - real.beta), `${symbol} beta ${cov / varX} vs ${real.beta}`).toBeLessThan(
        0.3,
      );
      if (Math.abs(vol / real.dailyVol - 1) <= 0.15) volOk += 1;
      if (Math.abs(cov / varX - real.beta) <= 0.15) betaOk += 1;
    }
    expect(volOk, 'stocks with σ within ±15%').toBeGreaterThanOrEqual(10);
    expect(betaOk, 'stocks with β within ±0.15').toBeGreaterThanOrEqual(10);
  }, 180_000);

  it('has fat tails, volatility clustering and persistent volume, stock by stock', () => {
    const stocks = bundle.instruments.filter((i) => i.type === 'EQUITY' && i.currency === 'INR');
    const kurt: number[] = [];
    const absAcf: number[] = [];
    const volumeAcf: number[] = [];
    for (const { symbol } of stocks) {
      const r = [...simulatedReturns(symbol).values()];
      kurt.push(kurtosis(r));
      absAcf.push(autocorrelation(r.map(Math.abs)));
      const s = nse.dailySeries(symbol, false)!;
      const from = s.days.findIndex((d) => d > bundle.anchorDay);
      volumeAcf.push(
        autocorrelation(
          s.volume
            .slice(from)
            .filter((v) => v > 0)
            .map(Math.log),
        ),
      );
    }
    // Targets: median kurtosis ≥ 5 (real 5.7), every stock > 3.5, |r| lag-1 autocorrelation ≥ 0.08,
    // volume lag-1 autocorrelation ≥ 0.3; a Gaussian memoryless model gives 3.0, 0.00 and 0.00.
    expect(median(kurt)).toBeGreaterThan(4.5);
    expect(Math.min(...kurt)).toBeGreaterThan(3.2);
    expect(mean(absAcf)).toBeGreaterThan(0.06);
    expect(median(volumeAcf)).toBeGreaterThan(0.25);
    // Market-wide jump days exist: some day moves the NIFTY 50 by more than 3.5 of its σ.
    const nifty = [...simulatedReturns('NIFTY50').values()];
    const sd = Math.sqrt(mean(nifty.map((x) => x * x)));
    expect(nifty.some((x) => Math.abs(x) > 3.5 * sd)).toBe(true);
  }, 180_000);

  it('builds each simulated day’s minutes first: no spikes, no flat lines at the extremes, no long 0.00%', () => {
    const days = nse
      .dailySeries('NIFTY50', false)!
      .days.filter((d) => d > bundle.anchorDay)
      .slice(0, 60);
    let total = 0;
    let spikes = 0;
    for (const symbol of ['RELIANCE', 'YESBANK', 'IDEA', 'SUZLON', 'TRENT']) {
      const s = nse.dailySeries(symbol, false)!;
      for (const day of days) {
        const k = s.days.indexOf(day);
        const path = nse.dayPath(symbol, day, false)!;
        const previousClose = s.close[k - 1]!;
        // The day's bar is read from its path.
        expect(s.open[k]).toBe(path.p[0]);
        expect(s.close[k]).toBe(path.p[path.n]);
        expect(s.high[k]).toBe(Math.max(...path.high));
        expect(s.low[k]).toBe(Math.min(...path.low));
        const range = s.high[k]! - s.low[k]!;
        let widest = 0;
        let atExtreme = 0;
        let longestAtExtreme = 0;
        let unchanged = 0;
        let longestUnchanged = 0;
        for (let m = 0; m < path.n; m += 1) {
          widest = Math.max(widest, path.high[m]! - path.low[m]!);
          const close = path.p[m + 1]!;
          atExtreme = close === s.high[k] || close === s.low[k] ? atExtreme + 1 : 0;
          longestAtExtreme = Math.max(longestAtExtreme, atExtreme);
          unchanged = close === previousClose ? unchanged + 1 : 0;
          longestUnchanged = Math.max(longestUnchanged, unchanged);
        }
        total += 1;
        if (widest > 0.4 * range) spikes += 1;
        expect(longestAtExtreme, `${symbol} ${day} minutes at the day's extreme`).toBeLessThanOrEqual(30);
        expect(longestUnchanged, `${symbol} ${day} minutes at 0.00%`).toBeLessThanOrEqual(10);
      }
    }
    expect(spikes / total).toBeLessThan(0.03);
  }, 180_000);

  it('keeps minutes moving near the day’s high and low in both clocks, busiest in the first and last half hours', () => {
    const until = Date.parse('2027-03-01T12:00:00Z');
    const stocks = ['RELIANCE', 'HDFCBANK', 'ITC', 'HINDUNILVR'];
    for (const [sim, label] of [
      [nse, 'nse'],
      [open24, 'always-open'],
    ] as const) {
      sim.snapshot('NIFTY50', until);
      const days = sim
        .dailySeries('NIFTY50', false)!
        .days.filter((d) => d > bundle.anchorDay)
        .slice(0, 40);
      const minuteDays: MinuteDay[] = [];
      for (const symbol of [...stocks, 'NIFTY50']) {
        for (const day of days) {
          const candles = sim.minuteCandles(symbol, day, sessionBounds(sim.session, day).closeMs);
          const d = {
            open: candles.map((c) => c.open),
            high: candles.map((c) => c.high),
            low: candles.map((c) => c.low),
            close: candles.map((c) => c.close),
          };
          // Target: no run within 0.1% of the day's high or low over 30 minutes; the test allows 45.
          expect(longestRunNearExtreme(d, 0.001), `${label} ${symbol} ${day}`).toBeLessThanOrEqual(45);
          if (symbol !== 'NIFTY50') minuteDays.push(d);
        }
      }
      if (sim === nse) {
        const profile = intradayVolatilityProfile(minuteDays, 30);
        const middle = profile.slice(1, -1);
        expect(profile[0]).toBeGreaterThan(Math.max(...middle));
        // The closing half hour stands above the midday lull (target: above every middle half hour).
        expect(profile.at(-1)).toBeGreaterThan(1.15 * middle[5]!);
      }
    }
  }, 180_000);

  it('makes index minutes of their constituents’ minutes, with a realistic NIFTY 50 day range', () => {
    const nifty = nse.dailySeries('NIFTY50', false)!;
    const members = (
      nse as unknown as { indexMembers: Map<string, { symbol: string; weight: number }[]> }
    ).indexMembers.get('NIFTY50')!;
    const k = nifty.days.findIndex((d) => d > bundle.anchorDay) + 5;
    const day = nifty.days[k]!;
    const path = nse.dayPath('NIFTY50', day, false)!;
    let move = 0;
    for (const { symbol, weight } of members) {
      const s = nse.dailySeries(symbol, false)!;
      const i = s.days.indexOf(day);
      move += weight * (nse.dayPath(symbol, day, false)!.p[120]! / s.close[i - 1]! - 1);
    }
    expect(path.p[120]).toBeCloseTo(nifty.close[k - 1]! * (1 + move), 1);
    const simulated: number[] = [];
    for (const d of nifty.days.filter((x) => x > bundle.anchorDay).slice(0, 120)) {
      const p = nse.dayPath('NIFTY50', d, false)!;
      simulated.push(Math.log(Math.max(...p.high) / Math.min(...p.low)));
    }
    const real = bundle.daily.get('NIFTY50')!;
    const realRange: number[] = [];
    for (let i = real.days.length - 250; i < real.days.length; i += 1)
      realRange.push(Math.log(real.high[i]! / real.low[i]!));
    // Target ±20% of the real last year's mean range; the test allows ±35%.
    expect(mean(simulated) / mean(realRange)).toBeGreaterThan(0.65);
    expect(mean(simulated) / mean(realRange)).toBeLessThan(1.35);
  }, 180_000);

  it('gaps at the NSE open; always-open carries real weekly volatility and is busiest at 09:15 IST, not at midnight', () => {
    const s = nse.dailySeries('RELIANCE', false)!;
    const from = s.days.findIndex((d) => d > bundle.anchorDay);
    let gaps = 0;
    for (let i = from; i < from + 200; i += 1) if (s.open[i] !== s.close[i - 1]) gaps += 1;
    expect(gaps).toBeGreaterThan(180);

    open24.snapshot('NIFTY50', END);
    const weekly = (
      series: Readonly<{ days: readonly number[]; close: readonly number[] }>,
      after: number,
      before: number,
    ) => {
      const weeks = new Map<number, number>();
      for (let i = 1; i < series.days.length; i += 1) {
        const d = series.days[i]!;
        if (d <= after || d > before) continue;
        const w = Math.floor((d + 3) / 7);
        weeks.set(w, (weeks.get(w) ?? 0) + Math.log(series.close[i]! / series.close[i - 1]!));
      }
      const v = [...weeks.values()];
      return Math.sqrt(mean(v.map((x) => (x - mean(v)) ** 2)));
    };
    const ratios = SAMPLE.map(
      (symbol) =>
        weekly(open24.dailySeries(symbol, false)!, bundle.anchorDay, bundle.anchorDay + 4 * 365) /
        weekly(bundle.daily.get(symbol)!, bundle.anchorDay - 4 * 365, bundle.anchorDay),
    );
    // Target ±10% of real; each calendar day used to carry a whole session (1.22× real).
    expect(median(ratios)).toBeGreaterThan(0.8);
    expect(median(ratios)).toBeLessThan(1.15);

    const day = open24.dailySeries('NIFTY50', false)!.days.at(-10)!;
    let midnight = 0;
    let morning = 0;
    for (const symbol of SAMPLE) {
      const p = open24.dayPath(symbol, day, false)!;
      for (let m = 0; m < 30; m += 1) midnight += Math.abs(Math.log(p.p[m + 1]! / p.p[m]!));
      for (let m = 555; m < 585; m += 1) morning += Math.abs(Math.log(p.p[m + 1]! / p.p[m]!));
    }
    expect(morning).toBeGreaterThan(1.3 * midnight);
  }, 180_000);

  it('opens the NIFTY 50 with market-wide gaps that the session partly takes back, as the real index does', () => {
    nse.snapshot('NIFTY50', END);
    /** σ of the gap and of the day's return, and the correlation of the gap with the open-to-close move. */
    const gaps = (
      s: Readonly<{ days: readonly number[]; open: readonly number[]; close: readonly number[] }>,
      from: number,
    ) => {
      const r: number[] = [];
      const g: number[] = [];
      const o: number[] = [];
      for (let i = Math.max(1, from); i < s.days.length; i += 1) {
        r.push(Math.log(s.close[i]! / s.close[i - 1]!));
        g.push(Math.log(s.open[i]! / s.close[i - 1]!));
        o.push(Math.log(s.close[i]! / s.open[i]!));
      }
      const sd = (x: number[]) => Math.sqrt(mean(x.map((v) => (v - mean(x)) ** 2)));
      const cov = mean(g.map((v, i) => (v - mean(g)) * (o[i]! - mean(o))));
      return { gap: sd(g), day: sd(r), gapWithSession: cov / (sd(g) * sd(o)) };
    };
    const real = bundle.daily.get('NIFTY50')!;
    const realNifty = gaps(real, real.days.length - 500);
    const simulated = (symbol: string) => {
      const s = nse.dailySeries(symbol, false)!;
      return gaps(
        s,
        s.days.findIndex((d) => d > bundle.anchorDay),
      );
    };
    const simNifty = simulated('NIFTY50');
    // The real index's gaps carry about half its daily variance (σ ratio ≈ 0.7); stock-specific
    // gaps alone averaged out to a ratio of 0.34, with gap and session moving together (0.8).
    const ratio = simNifty.gap / simNifty.day / (realNifty.gap / realNifty.day);
    expect(ratio).toBeGreaterThan(0.75);
    expect(ratio).toBeLessThan(1.3);
    expect(simNifty.gapWithSession).toBeLessThan(0.3);
    // A stock's own gaps stay its size: the index's gap share stands well above its members'.
    const members = ['RELIANCE', 'HDFCBANK', 'TCS', 'ITC', 'INFY', 'SBIN'].map((symbol) => {
      const s = simulated(symbol);
      return (s.gap / s.day) ** 2;
    });
    expect((simNifty.gap / simNifty.day) ** 2).toBeGreaterThan(1.2 * median(members));
  }, 180_000);

  it('starts every NIFTY 500 stock from its own real history, calibrated on it; only US stocks are simulated', async () => {
    const stocks = bundle.instruments.filter((i) => i.type === 'EQUITY' && i.currency === 'INR');
    expect(stocks).toHaveLength(500);
    for (const stock of stocks) {
      expect(bundle.daily.has(stock.symbol), stock.symbol).toBe(true);
      expect(nse.params(stock.symbol)!.calibrated, stock.symbol).toBe(true);
      expect(nse.isSynthetic(stock.symbol), stock.symbol).toBe(false);
    }
    // Former defects of the source files, repaired by the importer: no cliff of more than 25%
    // between two real rows of a stock.
    for (const symbol of [
      'TRENT',
      'CGCL',
      'GPIL',
      'MOTILALOFS',
      'CONCOR',
      'ABFRL',
      'INDIAMART',
      'PATANJALI',
    ]) {
      const bars = bundle.daily.get(symbol)!;
      for (let i = 1; i < bars.close.length; i += 1) {
        expect(Math.abs(Math.log(bars.close[i]! / bars.close[i - 1]!)), `${symbol} row ${i}`).toBeLessThan(
          Math.log(1.25),
        );
      }
    }
    // A recent listing keeps its own σ and β but borrows its sector's memory and tails, and says so.
    const recent = stocks.filter((s) => nse.params(s.symbol)!.tailsFromSector).map((s) => s.symbol);
    expect(recent).toContain('ICICIAMC');
    expect(recent.length).toBeLessThan(50);
    expect((await new SimulatedProvider(nse).profile('ICICIAMC')).description).toContain(
      'borrows its sector',
    );
    expect((await new SimulatedProvider(nse).profile('RELIANCE')).description ?? '').not.toContain('borrows');
    expect(nse.isSynthetic('AAPL')).toBe(true);
    const profile = await new SimulatedProvider(nse).profile('AAPL');
    expect(profile.description).toContain('simulated');
    expect(nse.dailySeries('AAPL')!.close[nse.dailySeries('AAPL')!.days.indexOf(bundle.anchorDay)]).toBe(270);
  });
});
