import type { Candle, Exchange, Instrument, Quote, SearchResult } from '@nivesh/shared';
import { MarketDataError, type InstrumentCatalog } from '../market-provider.js';
import { HttpJsonError } from './http-json.js';

/** Yahoo and FMP both name the Indian indices by their Yahoo tickers. */
const INDEX_TICKERS: Record<string, string> = {
  NIFTY50: '^NSEI',
  SENSEX: '^BSESN',
  NIFTYBANK: '^NSEBANK',
  NIFTYIT: '^CNXIT',
};
const TICKER_INDICES = new Map(
  Object.entries(INDEX_TICKERS).map(([canonical, ticker]) => [ticker, canonical]),
);

/** Both upstreams use the same suffix convention (.NS, .BO, ^INDEX, BRK-B), so one mapping serves both. */
export function upstreamTicker(instrument: Instrument): string {
  switch (instrument.exchange) {
    case 'INDEX':
      return INDEX_TICKERS[instrument.symbol] ?? instrument.symbol;
    case 'NSE':
      return `${instrument.symbol}.NS`;
    case 'BSE':
      return `${instrument.bseCode ?? instrument.symbol}.BO`;
    case 'NASDAQ':
    case 'NYSE':
      return instrument.symbol.replace(/\./g, '-');
  }
}

/** Upstream ticker → catalog instrument; undefined for anything outside the app's universe. */
export function instrumentFromTicker(catalog: InstrumentCatalog, ticker: string): Instrument | undefined {
  const index = TICKER_INDICES.get(ticker.toUpperCase());
  return catalog.resolve(index ?? ticker) ?? catalog.resolve(ticker.replace(/-/g, '.'));
}

export function requireInstrument(catalog: InstrumentCatalog, symbol: string): Instrument {
  const instrument = catalog.resolve(symbol);
  if (!instrument) throw new MarketDataError('Stock not found', 'not-found');
  return instrument;
}

export const STOCK_NOT_FOUND = 'Stock not found';
export const INVALID_RESPONSE = 'Invalid response format';

export function invalidResponse(): MarketDataError {
  return new MarketDataError(INVALID_RESPONSE, 'unavailable');
}

/** Transport failures become the interface's error; 404 means the upstream does not know the symbol. */
export function toMarketDataError(error: unknown, notFoundMessage = STOCK_NOT_FOUND): MarketDataError {
  if (error instanceof MarketDataError) return error;
  if (error instanceof HttpJsonError) {
    if (error.kind === 'parse') return invalidResponse();
    if (error.kind === 'timeout') return new MarketDataError('Market data request timed out', 'unavailable');
    if (error.kind === 'status' && error.status === 404)
      return new MarketDataError(notFoundMessage, 'not-found');
  }
  return new MarketDataError('Failed to fetch stock data', 'unavailable');
}

export function round2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

export function round2OrNull(value: number | null | undefined): number | null {
  return value === null || value === undefined || !Number.isFinite(value) ? null : round2(value);
}

export function intOrNull(value: number | null | undefined): number | null {
  return value === null || value === undefined || !Number.isFinite(value) ? null : Math.round(value);
}

/** Upstreams repeat the live bar and disagree on order; charts need strictly ascending unique times. */
export function normalizeCandles(candles: readonly Candle[]): Candle[] {
  const byTime = new Map<number, Candle>();
  for (const candle of candles) {
    // The later duplicate is the fresher copy of a still-forming bar.
    byTime.set(candle.time, candle);
  }
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

export function makeCandle(
  time: number,
  open: number,
  high: number,
  low: number,
  close: number,
  volume: number | null | undefined,
): Candle {
  return {
    time: Math.trunc(time),
    open: round2(open),
    high: round2(high),
    low: round2(low),
    close: round2(close),
    volume: Math.max(0, Math.round(volume ?? 0)),
  };
}

export function exchangeTimeZone(exchange: Exchange): string {
  return exchange === 'NASDAQ' || exchange === 'NYSE' ? 'America/New_York' : 'Asia/Kolkata';
}

/** Session open in exchange-local time: daily bars are stamped with it, as Yahoo does. */
export function sessionOpen(exchange: Exchange): string {
  return exchange === 'NASDAQ' || exchange === 'NYSE' ? '09:30:00' : '09:15:00';
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

function zoneOffsetMs(utcMs: number, timeZone: string): number {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    offsetFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(new Date(utcMs)).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/**
 * 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss' in an exchange's wall-clock time → UNIX seconds. FMP
 * stamps bars in exchange-local time without an offset, and New York shifts with DST.
 */
export function zonedToUnix(local: string, timeZone: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(local.trim());
  if (!match) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  let utc = wall - zoneOffsetMs(wall, timeZone);
  // A second pass settles instants next to a DST switch.
  utc = wall - zoneOffsetMs(utc, timeZone);
  return Math.floor(utc / 1000);
}

/** The exchange-local calendar date of a UNIX time, for grouping bars into sessions and weeks. */
export function zonedDate(unixSeconds: number, timeZone: string): string {
  const ms = unixSeconds * 1000 + zoneOffsetMs(unixSeconds * 1000, timeZone);
  return new Date(ms).toISOString().slice(0, 10);
}

/** Daily bars → weekly bars (Monday-based weeks), for upstreams without a weekly series. */
export function aggregateWeekly(daily: readonly Candle[], timeZone: string): Candle[] {
  const weeks = new Map<string, Candle>();
  for (const bar of normalizeCandles(daily)) {
    const date = new Date(`${zonedDate(bar.time, timeZone)}T00:00:00Z`);
    const monday = new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const week = weeks.get(monday);
    if (!week) {
      weeks.set(monday, { ...bar });
    } else {
      week.high = Math.max(week.high, bar.high);
      week.low = Math.min(week.low, bar.low);
      week.close = bar.close;
      week.volume += bar.volume;
    }
  }
  return [...weeks.values()];
}

/** Keeps the bars of the last `sessions` trading dates (exchange-local), e.g. 1 for 1D, 5 for 5D. */
export function lastSessions(candles: readonly Candle[], sessions: number, timeZone: string): Candle[] {
  const dates = [...new Set(candles.map((c) => zonedDate(c.time, timeZone)))].sort();
  const keep = new Set(dates.slice(-sessions));
  return candles.filter((c) => keep.has(zonedDate(c.time, timeZone)));
}

export function rankMovers(
  quotes: readonly Quote[],
  type: 'gainers' | 'losers' | 'active',
  limit: number,
): Quote[] {
  const list = [...quotes];
  if (type === 'gainers')
    list.sort((a, b) => b.changePercent - a.changePercent || a.symbol.localeCompare(b.symbol));
  if (type === 'losers')
    list.sort((a, b) => a.changePercent - b.changePercent || a.symbol.localeCompare(b.symbol));
  if (type === 'active') list.sort((a, b) => b.volume - a.volume || a.symbol.localeCompare(b.symbol));
  const filtered =
    type === 'gainers'
      ? list.filter((q) => q.changePercent > 0)
      : type === 'losers'
        ? list.filter((q) => q.changePercent < 0)
        : list;
  return filtered.slice(0, limit);
}

/** Runs `fn` over `items` with at most `concurrency` in flight, keeping input order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  concurrency: number,
  fn: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = { status: 'fulfilled', value: await fn(items[index] as T) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/** Position-based relevance: upstream search results come ordered best first. */
export function positionScore(index: number, total: number): number {
  return total === 0 ? 0 : round2((total - index) / total);
}

export function isoFromUnix(seconds: number | null | undefined, fallback: Date): string {
  return seconds ? new Date(seconds * 1000).toISOString() : fallback.toISOString();
}

export function changeFields(price: number, previousClose: number) {
  const change = previousClose ? price - previousClose : 0;
  const percent = previousClose ? (change / previousClose) * 100 : 0;
  return { change: round2(change), changePercent: round2(percent), changesPercentage: round2(percent) };
}

/**
 * Keeps search hits the app can trade (catalog instruments), once each in upstream order:
 * RELIANCE.NS and RELIANCE.BO are one stock.
 */
export function searchResultsFromTickers(
  catalog: InstrumentCatalog,
  tickers: string[],
  limit: number,
): SearchResult[] {
  const seen = new Set<string>();
  const instruments: Instrument[] = [];
  for (const ticker of tickers) {
    const instrument = instrumentFromTicker(catalog, ticker);
    if (!instrument || seen.has(instrument.symbol)) continue;
    seen.add(instrument.symbol);
    instruments.push(instrument);
  }
  return instruments.slice(0, limit).map((instrument, i, list) => ({
    symbol: instrument.symbol,
    name: instrument.name,
    exchange: instrument.exchange,
    currency: instrument.currency,
    type: instrument.type,
    sector: instrument.sector,
    score: positionScore(i, list.length),
  }));
}
