// The intraday figures of one simulated day of one symbol, from its minute candles.
import { sessionBounds, type SessionMode } from '@nivesh/shared';
import type { MarketSimulator } from '../../apps/server/src/modules/market/simulator/market-simulator.js';
import {
  largestMinuteMoveShare,
  longestRunAtZeroChange,
  longestRunNearExtreme,
  longestUnchangedRun,
  intradayVolatilityProfile,
  type MinuteDay,
} from '../../apps/server/src/modules/market/simulator/realism-stats.js';
import { INDICES, INTRADAY_DAYS, NAMED, UNIVERSE_DAYS, intradayModes } from './config.js';

export interface DayFigures {
  symbol: string;
  largestMove: number;
  nearExtreme: number;
  /** A day the stock spent locked at a circuit: it sits at its high or low by definition. */
  locked: boolean;
  unchanged: number;
  zeroChange: number;
}

export function minuteDay(sim: MarketSimulator, symbol: string, day: number): MinuteDay | undefined {
  const candles = sim.minuteCandles(symbol, day, sessionBounds(sim.session, day).closeMs);
  if (candles.length === 0) return undefined;
  return {
    open: candles.map((c) => c.open),
    high: candles.map((c) => c.high),
    low: candles.map((c) => c.low),
    close: candles.map((c) => c.close),
  };
}

export function dayFigures(sim: MarketSimulator, symbol: string, day: number, d: MinuteDay): DayFigures {
  // Closes only: resolving the highs and lows would build every simulated day's minutes of the symbol.
  const s = sim.dailySeries(symbol, false)!;
  const k = s.days.indexOf(day);
  const previousClose = s.close[k - 1]!;
  return {
    symbol,
    largestMove: largestMinuteMoveShare(d),
    nearExtreme: longestRunNearExtreme(d, 0.001),
    locked: Boolean(sim.dayCircuit(symbol, day)?.lock),
    unchanged: longestUnchangedRun(d.close),
    zeroChange: longestRunAtZeroChange(d.close, previousClose),
  };
}

/** `count` trading days of the clock spread evenly over the simulated years. */
function sampleDays(
  sim: MarketSimulator,
  count: number,
  offset: number,
  anchor: number,
  lastDay: number,
): number[] {
  const days = sim.dailySeries('NIFTY50')!.days.filter((d) => d > anchor && d <= lastDay);
  const step = days.length / count;
  return Array.from(
    { length: count },
    (_, i) => days[Math.min(days.length - 1, Math.floor(i * step + offset * step) % days.length)]!,
  );
}

/**
 * Volatility buckets: the NSE session's half hours; for the 24-hour clock, the hours of the IST
 * day, so a rhythm whose busiest minutes fall at midnight shows.
 */
const bucketMinutes = (mode: SessionMode) => (mode === 'nse' ? 30 : 60);

export interface IntradayFigures {
  named: DayFigures[];
  universe: DayFigures[];
  /** Per named symbol, its volatility profile over its sampled days. */
  profileBySymbol: Map<string, number[]>;
  profileStocks: number[];
  profileIndex: number[];
}

/** The intraday figures of every clock: the named symbols' sampled days and a few days of every stock. */
export function intradayFigures(
  sims: Record<SessionMode, MarketSimulator>,
  anchor: number,
  lastDay: number,
): Map<SessionMode, IntradayFigures> {
  const out = new Map<SessionMode, IntradayFigures>();
  for (const mode of intradayModes) {
    const sim = sims[mode];
    const named: DayFigures[] = [];
    const stockDays: MinuteDay[] = [];
    const indexDays: MinuteDay[] = [];
    const profileBySymbol = new Map<string, number[]>();
    for (const symbol of [...NAMED, ...INDICES]) {
      const mine: MinuteDay[] = [];
      for (const day of sampleDays(sim, INTRADAY_DAYS, 0, anchor, lastDay)) {
        const d = minuteDay(sim, symbol, day);
        if (!d) continue;
        named.push(dayFigures(sim, symbol, day, d));
        mine.push(d);
        (INDICES.includes(symbol) ? indexDays : stockDays).push(d);
      }
      profileBySymbol.set(symbol, intradayVolatilityProfile(mine, bucketMinutes(mode)));
    }
    const universe: DayFigures[] = [];
    const days = sampleDays(sim, UNIVERSE_DAYS, 0.5, anchor, lastDay);
    for (const inst of sim.instruments) {
      if (inst.type === 'INDEX' || inst.currency !== 'INR') continue;
      for (const day of days) {
        const d = minuteDay(sim, inst.symbol, day);
        if (d) universe.push(dayFigures(sim, inst.symbol, day, d));
      }
    }
    out.set(mode, {
      named,
      universe,
      profileBySymbol,
      profileStocks: intradayVolatilityProfile(stockDays, bucketMinutes(mode)),
      profileIndex: intradayVolatilityProfile(indexDays, bucketMinutes(mode)),
    });
  }
  return out;
}
