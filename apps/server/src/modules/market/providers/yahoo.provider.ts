import {
  PERIOD_INTERVAL,
  type Candle,
  type Instrument,
  type Period,
  type Profile,
  type Quote,
  type SearchResult,
} from '@nivesh/shared';
import type { z } from 'zod';
import { MarketDataError, type InstrumentCatalog, type MarketDataProvider } from '../market-provider.js';
import {
  INVALID_RESPONSE,
  invalidResponse,
  mapLimit,
  rankMovers,
  requireInstrument,
  STOCK_NOT_FOUND,
  toMarketDataError,
  upstreamTicker,
} from './common.mapper.js';
import { buildUrl, getJson, HttpJsonError, type FetchLike } from './http-json.js';
import {
  yahooChartToCandles,
  yahooChartToQuote,
  yahooSearchToResults,
  yahooSummaryToProfile,
} from './yahoo.mapper.js';
import {
  yahooChartResponseSchema,
  yahooQuoteSummaryResponseSchema,
  yahooSearchResponseSchema,
  type YahooChartResult,
} from './yahoo.schema.js';

export const YAHOO_DEFAULT_BASE_URL = 'https://query1.finance.yahoo.com';

const PERIOD_RANGE: Record<Period, string> = {
  '1D': '1d',
  '5D': '5d',
  '1M': '1mo',
  '3M': '3mo',
  '6M': '6mo',
  '1Y': '1y',
  '5Y': '5y',
};

export interface YahooProviderOptions {
  catalog: InstrumentCatalog;
  baseUrl?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
  now?: () => number;
  /** Symbols ranked for movers; Yahoo has no public movers list for Indian exchanges. */
  moversUniverse?: readonly string[];
  /** Parallel chart calls for a batch; Yahoo throttles bursts. */
  concurrency?: number;
}

export class YahooProvider implements MarketDataProvider {
  readonly name = 'yahoo' as const;
  private readonly catalog: InstrumentCatalog;
  private readonly baseUrl: string;
  private readonly now: () => number;
  private readonly concurrency: number;
  private readonly moversUniverse: readonly string[] | undefined;

  constructor(private readonly options: YahooProviderOptions) {
    this.catalog = options.catalog;
    this.baseUrl = options.baseUrl ?? YAHOO_DEFAULT_BASE_URL;
    this.now = options.now ?? Date.now;
    this.concurrency = options.concurrency ?? 6;
    this.moversUniverse = options.moversUniverse;
  }

  async search(query: string, limit: number): Promise<SearchResult[]> {
    // Ask for more than needed: results outside the catalog are dropped afterwards.
    let body: unknown;
    try {
      body = await this.get('/v1/finance/search', {
        q: query,
        quotesCount: Math.min(50, limit * 2 + 5),
        newsCount: 0,
        listsCount: 0,
      });
    } catch (error) {
      const mapped = toMarketDataError(error);
      throw mapped.message === INVALID_RESPONSE
        ? mapped
        : new MarketDataError('Search failed', 'unavailable');
    }
    return yahooSearchToResults(this.catalog, this.parse(yahooSearchResponseSchema, body), limit);
  }

  async quote(symbol: string): Promise<Quote> {
    const instrument = requireInstrument(this.catalog, symbol);
    const result = await this.chart(instrument, '1d', '1d');
    return yahooChartToQuote(instrument, result, new Date(this.now()));
  }

  /** Unknown symbols are left out; the batch fails only when nothing could be fetched. */
  async quotes(symbols: string[]): Promise<Quote[]> {
    const settled = await mapLimit([...new Set(symbols)], this.concurrency, (symbol) => this.quote(symbol));
    const quotes: Quote[] = [];
    let failure: unknown;
    for (const result of settled) {
      if (result.status === 'fulfilled') quotes.push(result.value);
      else if (!(result.reason instanceof MarketDataError && result.reason.kind === 'not-found'))
        failure ??= result.reason;
    }
    if (quotes.length === 0 && failure !== undefined) throw failure;
    return quotes;
  }

  async history(symbol: string, period: Period): Promise<Candle[]> {
    const instrument = requireInstrument(this.catalog, symbol);
    return yahooChartToCandles(await this.chart(instrument, PERIOD_RANGE[period], PERIOD_INTERVAL[period]));
  }

  async profile(symbol: string): Promise<Profile> {
    const instrument = requireInstrument(this.catalog, symbol);
    // An index has no company fundamentals to ask for.
    if (instrument.type === 'INDEX') return yahooSummaryToProfile(instrument, undefined);
    let body: unknown;
    try {
      body = await this.get(`/v10/finance/quoteSummary/${encodeURIComponent(upstreamTicker(instrument))}`, {
        modules: 'assetProfile,summaryDetail,defaultKeyStatistics',
      });
    } catch (error) {
      // quoteSummary wants a cookie crumb and knows fewer symbols than the chart; the catalog still
      // describes the company, with fundamentals left null rather than invented.
      if (
        error instanceof HttpJsonError &&
        error.kind === 'status' &&
        [401, 403, 404].includes(error.status ?? 0)
      ) {
        return yahooSummaryToProfile(instrument, undefined);
      }
      throw toMarketDataError(error, 'Company profile not found');
    }
    const summary = this.parse(yahooQuoteSummaryResponseSchema, body).quoteSummary.result?.[0];
    return yahooSummaryToProfile(instrument, summary);
  }

  async movers(type: 'gainers' | 'losers' | 'active', limit: number): Promise<Quote[]> {
    const universe =
      this.moversUniverse ??
      this.catalog
        .all()
        .filter((i) => i.type === 'EQUITY')
        .slice(0, 50)
        .map((i) => i.symbol);
    return rankMovers(await this.quotes([...universe]), type, limit);
  }

  private async chart(instrument: Instrument, range: string, interval: string): Promise<YahooChartResult> {
    let body: unknown;
    try {
      body = await this.get(`/v8/finance/chart/${encodeURIComponent(upstreamTicker(instrument))}`, {
        range,
        interval,
        includePrePost: 'false',
      });
    } catch (error) {
      throw toMarketDataError(error);
    }
    const result = this.parse(yahooChartResponseSchema, body).chart.result?.[0];
    if (!result) throw new MarketDataError(STOCK_NOT_FOUND, 'not-found');
    return result;
  }

  private async get(path: string, query: Record<string, string | number>): Promise<unknown> {
    return getJson(buildUrl(this.baseUrl, path, query), {
      fetch: this.options.fetch,
      timeoutMs: this.options.timeoutMs,
      // Yahoo answers 429 to clients without a browser-like agent.
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Nivesh/1.0)' },
    });
  }

  private parse<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw invalidResponse();
    return parsed.data;
  }
}
