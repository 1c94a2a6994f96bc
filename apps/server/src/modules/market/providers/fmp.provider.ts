import type { Candle, Instrument, Period, Profile, Quote, SearchResult } from '@nivesh/shared';
import type { z } from 'zod';
import { MarketDataError, type InstrumentCatalog, type MarketDataProvider } from '../market-provider.js';
import {
  aggregateWeekly,
  exchangeTimeZone,
  instrumentFromTicker,
  invalidResponse,
  INVALID_RESPONSE,
  lastSessions,
  rankMovers,
  requireInstrument,
  STOCK_NOT_FOUND,
  toMarketDataError,
  upstreamTicker,
} from './common.mapper.js';
import { FmpKeyRing, KEY_EXHAUSTING_STATUSES } from './fmp-key-ring.js';
import { fmpBarsToCandles, fmpProfileToProfile, fmpQuoteToQuote, fmpSearchToResults } from './fmp.mapper.js';
import {
  fmpDailyResponseSchema,
  fmpErrorSchema,
  fmpIntradayListSchema,
  fmpMoverListSchema,
  fmpProfileListSchema,
  fmpQuoteListSchema,
  fmpSearchListSchema,
  type FmpQuote,
} from './fmp.schema.js';
import { buildUrl, getJson, HttpJsonError, type FetchLike } from './http-json.js';

export const FMP_DEFAULT_BASE_URL = 'https://financialmodelingprep.com';
export const ALL_KEYS_EXHAUSTED = 'All API keys failed or exhausted';

/** FMP's batch quote takes a comma-separated list; long URLs get refused, so batches are chunked. */
const QUOTE_CHUNK = 50;
const DAY_MS = 86_400_000;

/** Bodies FMP sends (sometimes with a 200) when the key, not the request, is the problem. */
const KEY_PROBLEM = /limit reach|invalid api key|upgrade your plan|subscription|exclusive endpoint/i;

type IntradayPlan = {
  kind: 'intraday';
  interval: '1min' | '5min' | '1hour';
  lookbackDays: number;
  sessions?: number;
  cutoffMonths?: number;
};
type DailyPlan = { kind: 'daily'; months: number; weekly: boolean };

/** How each period maps onto FMP's series (FMP has no weekly bars, so 5Y is aggregated from daily). */
const PERIOD_PLAN: Record<Period, IntradayPlan | DailyPlan> = {
  // Lookbacks span weekends and holidays; the last N sessions are kept afterwards.
  '1D': { kind: 'intraday', interval: '1min', lookbackDays: 6, sessions: 1 },
  '5D': { kind: 'intraday', interval: '5min', lookbackDays: 12, sessions: 5 },
  '1M': { kind: 'intraday', interval: '1hour', lookbackDays: 32, cutoffMonths: 1 },
  '3M': { kind: 'daily', months: 3, weekly: false },
  '6M': { kind: 'daily', months: 6, weekly: false },
  '1Y': { kind: 'daily', months: 12, weekly: false },
  '5Y': { kind: 'daily', months: 60, weekly: true },
};

export interface ProviderLogger {
  warn(details: object, message: string): void;
}

export interface FmpProviderOptions {
  catalog: InstrumentCatalog;
  apiKeys: readonly string[];
  baseUrl?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
  now?: () => number;
  /** Cool-down of an exhausted key; default: until the next UTC midnight. */
  keyCooldownMs?: number;
  /** Ranked for movers when FMP's (US) movers lists hold nothing from the catalog. */
  moversUniverse?: readonly string[];
  logger?: ProviderLogger;
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function monthsBefore(ms: number, months: number): number {
  const d = new Date(ms);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.getTime();
}

export class FmpProvider implements MarketDataProvider {
  readonly name = 'fmp' as const;
  private readonly catalog: InstrumentCatalog;
  private readonly baseUrl: string;
  private readonly now: () => number;
  private readonly keys: FmpKeyRing;

  constructor(private readonly options: FmpProviderOptions) {
    this.catalog = options.catalog;
    this.baseUrl = options.baseUrl ?? FMP_DEFAULT_BASE_URL;
    this.now = options.now ?? Date.now;
    this.keys = new FmpKeyRing(options.apiKeys, { cooldownMs: options.keyCooldownMs, now: this.now });
  }

  async search(query: string, limit: number): Promise<SearchResult[]> {
    let body: unknown;
    try {
      // Ask for more than needed: results outside the catalog are dropped afterwards.
      body = await this.get('/api/v3/search', { query, limit: Math.min(50, limit * 2 + 5) });
    } catch (error) {
      const mapped = toMarketDataError(error);
      if (mapped.message === INVALID_RESPONSE || mapped.message === ALL_KEYS_EXHAUSTED) throw mapped;
      throw new MarketDataError('Search failed', 'unavailable');
    }
    return fmpSearchToResults(this.catalog, this.parse(fmpSearchListSchema, body), limit);
  }

  async quote(symbol: string): Promise<Quote> {
    const instrument = requireInstrument(this.catalog, symbol);
    const [raw] = await this.rawQuotes([instrument]);
    if (!raw) throw new MarketDataError(STOCK_NOT_FOUND, 'not-found');
    return fmpQuoteToQuote(instrument, raw.quote, new Date(this.now()));
  }

  /** Unknown symbols are left out of the answer rather than failing the whole batch. */
  async quotes(symbols: string[]): Promise<Quote[]> {
    const instruments = [...new Set(symbols)]
      .map((s) => this.catalog.resolve(s))
      .filter((i): i is Instrument => i !== undefined);
    const now = new Date(this.now());
    return (await this.rawQuotes(instruments)).map(({ instrument, quote }) =>
      fmpQuoteToQuote(instrument, quote, now),
    );
  }

  async history(symbol: string, period: Period): Promise<Candle[]> {
    const instrument = requireInstrument(this.catalog, symbol);
    const ticker = encodeURIComponent(upstreamTicker(instrument));
    const timeZone = exchangeTimeZone(instrument.exchange);
    const now = this.now();
    const plan = PERIOD_PLAN[period];
    if (plan.kind === 'intraday') {
      const body = await this.get(`/api/v3/historical-chart/${plan.interval}/${ticker}`, {
        from: isoDate(now - plan.lookbackDays * DAY_MS),
        to: isoDate(now),
      });
      const candles = fmpBarsToCandles(this.parse(fmpIntradayListSchema, body), instrument);
      if (plan.sessions) return lastSessions(candles, plan.sessions, timeZone);
      const cutoff = Math.floor(monthsBefore(now, plan.cutoffMonths ?? 1) / 1000);
      return candles.filter((c) => c.time >= cutoff);
    }
    const from = monthsBefore(now, plan.months);
    const body = await this.get(`/api/v3/historical-price-full/${ticker}`, {
      from: isoDate(from),
      to: isoDate(now),
    });
    const daily = this.parse(fmpDailyResponseSchema, body);
    if (!daily.historical) throw new MarketDataError(STOCK_NOT_FOUND, 'not-found');
    const cutoff = Math.floor(from / 1000);
    const candles = fmpBarsToCandles(daily.historical, instrument).filter((c) => c.time >= cutoff);
    return plan.weekly ? aggregateWeekly(candles, timeZone) : candles;
  }

  async profile(symbol: string): Promise<Profile> {
    const instrument = requireInstrument(this.catalog, symbol);
    // An index has no company fundamentals to ask for.
    if (instrument.type === 'INDEX') return fmpProfileToProfile(instrument, undefined, undefined);
    const ticker = encodeURIComponent(upstreamTicker(instrument));
    const [profileBody, quotes] = await Promise.all([
      this.get(`/api/v3/profile/${ticker}`, {}),
      this.rawQuotes([instrument]),
    ]);
    const profile = this.parse(fmpProfileListSchema, profileBody)[0];
    if (!profile && quotes.length === 0) throw new MarketDataError('Company profile not found', 'not-found');
    return fmpProfileToProfile(instrument, profile, quotes[0]?.quote);
  }

  /**
   * FMP's movers lists cover US exchanges; the catalog's entries among them are used when there
   * are any, otherwise the movers universe is ranked from one batch quote.
   */
  async movers(type: 'gainers' | 'losers' | 'active', limit: number): Promise<Quote[]> {
    const path = { gainers: 'gainers', losers: 'losers', active: 'actives' }[type];
    const list = this.parse(fmpMoverListSchema, await this.get(`/api/v3/stock_market/${path}`, {}));
    const known = [
      ...new Set(
        list.map((m) => instrumentFromTicker(this.catalog, m.symbol)?.symbol).filter((s): s is string => !!s),
      ),
    ];
    if (known.length > 0) {
      const quotes = await this.quotes(known.slice(0, limit));
      const order = new Map(known.map((s, i) => [s, i]));
      return quotes.sort((a, b) => (order.get(a.symbol) ?? 0) - (order.get(b.symbol) ?? 0));
    }
    const universe =
      this.options.moversUniverse ??
      this.catalog
        .all()
        .filter((i) => i.type === 'EQUITY')
        .slice(0, QUOTE_CHUNK)
        .map((i) => i.symbol);
    return rankMovers(await this.quotes([...universe]), type, limit);
  }

  private async rawQuotes(
    instruments: readonly Instrument[],
  ): Promise<{ instrument: Instrument; quote: FmpQuote }[]> {
    const byTicker = new Map(instruments.map((i) => [upstreamTicker(i), i]));
    const tickers = [...byTicker.keys()];
    const found = new Map<string, FmpQuote>();
    for (let i = 0; i < tickers.length; i += QUOTE_CHUNK) {
      const chunk = tickers
        .slice(i, i + QUOTE_CHUNK)
        .map(encodeURIComponent)
        .join(',');
      const list = this.parse(fmpQuoteListSchema, await this.get(`/api/v3/quote/${chunk}`, {}));
      for (const q of list) found.set(q.symbol.toUpperCase(), q);
    }
    return tickers.flatMap((ticker) => {
      const quote = found.get(ticker.toUpperCase());
      const instrument = byTicker.get(ticker);
      return quote && instrument ? [{ instrument, quote }] : [];
    });
  }

  /** One GET with key rotation: a key refused with 401/403/429 rests, and the next one is tried. */
  private async get(path: string, query: Record<string, string | number>): Promise<unknown> {
    for (const key of this.keys.usable()) {
      let body: unknown;
      try {
        body = await getJson(buildUrl(this.baseUrl, path, { ...query, apikey: key }), {
          fetch: this.options.fetch,
          timeoutMs: this.options.timeoutMs,
        });
      } catch (error) {
        if (
          error instanceof HttpJsonError &&
          error.kind === 'status' &&
          KEY_EXHAUSTING_STATUSES.has(error.status ?? 0)
        ) {
          this.exhaust(key, `HTTP ${error.status}`);
          continue;
        }
        throw toMarketDataError(error);
      }
      const envelope = fmpErrorSchema.safeParse(body);
      if (envelope.success) {
        const message = envelope.data['Error Message'];
        if (KEY_PROBLEM.test(message)) {
          this.exhaust(key, message.slice(0, 80));
          continue;
        }
        throw new MarketDataError('Failed to fetch stock data', 'unavailable');
      }
      return body;
    }
    throw new MarketDataError(ALL_KEYS_EXHAUSTED, 'unavailable');
  }

  private exhaust(key: string, reason: string): void {
    this.keys.markExhausted(key);
    this.options.logger?.warn(
      { provider: 'fmp', reason, ...this.keys.describe(key) },
      'FMP API key exhausted; rotating to the next key',
    );
  }

  private parse<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw invalidResponse();
    return parsed.data;
  }
}
