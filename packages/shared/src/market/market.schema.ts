import { z } from 'zod';
import { safeString } from '../lib/safe-string.js';
import { bandClassSchema, circuitLockSchema } from './circuit-bands.js';
import { lazySchema } from '../lib/lazy-schema.js';

/**
 * Market contract shared by the server (validation, OpenAPI) and the SPA (parsing). Prices are
 * numbers in the instrument's currency with at most 2 decimals (rupees for NSE/BSE, dollars for
 * US stocks); times are ISO strings except candle `time`, which is UNIX seconds (what charts use).
 */
export const EXCHANGES = ['NSE', 'BSE', 'NASDAQ', 'NYSE', 'INDEX'] as const;
export const exchangeSchema = lazySchema(() => z.enum(EXCHANGES));
export type Exchange = z.infer<typeof exchangeSchema>;
export const currencySchema = lazySchema(() => z.enum(['INR', 'USD']));
export type Currency = z.infer<typeof currencySchema>;

/** What users may type: RELIANCE, reliance, RELIANCE.NS, RELIANCE.BO, a 6-digit BSE code, ^NSEI. */
export const symbolParam = lazySchema(() =>
  safeString().trim().min(1, 'Symbol is required').max(30, 'Symbol must be at most 30 characters'),
);

export const instrumentSchema = lazySchema(() =>
  z.object({
    /** Canonical symbol: the NSE symbol for Indian stocks (RELIANCE), the ticker for US stocks, NIFTY50 etc. for indices. */
    symbol: z.string(),
    name: z.string(),
    exchange: exchangeSchema,
    currency: currencySchema,
    type: z.enum(['EQUITY', 'INDEX']),
    sector: z.string().nullable(),
    industry: z.string().nullable(),
    isin: z.string().nullable(),
    bseCode: z.string().nullable(),
  }),
);
export type Instrument = z.infer<typeof instrumentSchema>;

export const searchResultSchema = lazySchema(() =>
  instrumentSchema.pick({ symbol: true, name: true, exchange: true, currency: true, type: true }).extend({
    sector: z.string().nullable(),
    score: z.number(),
  }),
);
export type SearchResult = z.infer<typeof searchResultSchema>;

export const SEARCH_MIN_LENGTH = 2;
/** Market reads answer as of a replay's clock when given one of the caller's replays (Replay Lab). */
export const replayIdQueryField = z.optional(lazySchema(() => safeString().uuid('Replay not found')));
export const replayQuerySchema = lazySchema(() => z.object({ replayId: replayIdQueryField }));

export const searchQuerySchema = lazySchema(() =>
  z.object({
    replayId: replayIdQueryField,
    query: safeString()
      .trim()
      .min(SEARCH_MIN_LENGTH, `Search query must be at least ${SEARCH_MIN_LENGTH} characters`)
      .max(50, 'Search query must be at most 50 characters'),
    limit: z.coerce
      .number()
      .int()
      .min(1, 'Limit must be at least 1')
      .max(50, 'Limit must be at most 50')
      .default(10),
  }),
);
export const searchResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), data: z.array(searchResultSchema) }),
);
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const candleSchema = lazySchema(() =>
  z.object({
    /** UNIX seconds at the start of the candle. */
    time: z.number().int(),
    open: z.number(),
    high: z.number(),
    low: z.number(),
    close: z.number(),
    volume: z.number().int().min(0),
  }),
);
export type Candle = z.infer<typeof candleSchema>;

/**
 * Set while the market-wide circuit breaker (market-wide-breaker.ts) stops trading: during the halt,
 * then its pre-open call auction. Times are ISO; null reopensAt means the rest of the day.
 */
export const marketHaltSchema = lazySchema(() =>
  z.object({
    phase: z.enum(['halt', 'pre-open']),
    level: z.union([z.literal(10), z.literal(15), z.literal(20)]),
    index: z.string(),
    haltedAt: z.string(),
    preOpenFrom: z.string().nullable(),
    reopensAt: z.string().nullable(),
    message: z.string(),
  }),
);
export type MarketHalt = z.infer<typeof marketHaltSchema>;

export const quoteSchema = lazySchema(() =>
  z.object({
    symbol: z.string(),
    name: z.string(),
    exchange: exchangeSchema,
    currency: currencySchema,
    price: z.number(),
    change: z.number(),
    changePercent: z.number(),
    /** An FMP-style alias of changePercent, for clients written against that shape. */
    changesPercentage: z.number(),
    open: z.number(),
    dayHigh: z.number(),
    dayLow: z.number(),
    previousClose: z.number(),
    volume: z.number().int(),
    avgVolume: z.number().int().nullable(),
    yearHigh: z.number().nullable(),
    yearLow: z.number().nullable(),
    priceAvg50: z.number().nullable(),
    priceAvg200: z.number().nullable(),
    /** Fundamentals no source provides are null, shown as '—', never invented. */
    marketCap: z.number().nullable(),
    pe: z.number().nullable(),
    /** The stock's circuit class (circuit-bands.ts); null for an index or a US stock, which have none. */
    bandClass: bandClassSchema.nullable(),
    /**
     * Rupees: the lowest and highest prices the stock may trade at now — its fixed circuit, or for
     * DYNAMIC the current operating range. Null only where there is no circuit (indices, US stocks).
     */
    lowerCircuit: z.number().nullable(),
    upperCircuit: z.number().nullable(),
    /** Set while a fixed-band stock sits at a circuit: at the upper one buys do not fill, at the lower one sells. */
    circuitLock: circuitLockSchema.nullable(),
    lastUpdated: z.string(),
    /** Present (non-null) only while a market-wide halt stops trading. */
    marketHalt: marketHaltSchema.nullable().optional(),
  }),
);
export type Quote = z.infer<typeof quoteSchema>;

export const quoteResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), data: quoteSchema }),
);
export const quotesQuerySchema = lazySchema(() =>
  z.object({
    symbols: safeString()
      .trim()
      .min(1, 'At least one symbol is required')
      .max(1000, 'At most 50 symbols')
      .transform((v) => [
        ...new Set(
          v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ])
      .refine((list) => list.length >= 1 && list.length <= 50, 'Between 1 and 50 symbols'),
  }),
);
export const quotesResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), data: z.array(quoteSchema) }),
);
export const validateResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    isValid: z.boolean(),
    symbol: z.string().nullable(),
  }),
);

export const MOVER_TYPES = ['gainers', 'losers', 'active'] as const;
export const moversQuerySchema = lazySchema(() =>
  z.object({
    replayId: replayIdQueryField,
    type: z.enum(MOVER_TYPES, { error: 'Type must be gainers, losers or active' }).default('gainers'),
    limit: z.coerce.number().int().min(1).max(50).default(10),
  }),
);
export const moversResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    type: z.enum(MOVER_TYPES),
    data: z.array(quoteSchema),
  }),
);
export const indicesResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), data: z.array(quoteSchema) }),
);

export const profileSchema = lazySchema(() =>
  z.object({
    symbol: z.string(),
    name: z.string(),
    exchange: exchangeSchema,
    currency: currencySchema,
    sector: z.string().nullable(),
    industry: z.string().nullable(),
    isin: z.string().nullable(),
    bseCode: z.string().nullable(),
    description: z.string().nullable(),
    /** Computed from daily returns against the market index over the last year. */
    beta: z.number().nullable(),
    marketCap: z.number().nullable(),
    pe: z.number().nullable(),
    eps: z.number().nullable(),
    dividendYield: z.number().nullable(),
  }),
);
export type Profile = z.infer<typeof profileSchema>;
export const profileResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), data: profileSchema }),
);

export const PERIODS = ['1D', '5D', '1M', '3M', '6M', '1Y', '5Y'] as const;
export const periodSchema = lazySchema(() =>
  z.enum(PERIODS, { error: 'Period must be one of 1D, 5D, 1M, 3M, 6M, 1Y, 5Y' }),
);
export type Period = z.infer<typeof periodSchema>;
/** Candle interval per period, as the issue fixes it. */
export const PERIOD_INTERVAL: Record<Period, '1m' | '5m' | '1h' | '1d' | '1wk'> = {
  '1D': '1m',
  '5D': '5m',
  '1M': '1h',
  '3M': '1d',
  '6M': '1d',
  '1Y': '1d',
  '5Y': '1wk',
};
export const historicalQuerySchema = lazySchema(() =>
  z.object({
    period: periodSchema.default('1D'),
    replayId: replayIdQueryField,
  }),
);

export const marketStatusSchema = lazySchema(() =>
  z.object({
    exchange: z.string(),
    marketOpen: z.boolean(),
    /** 'always-open' for the default simulator, 'nse' for IST weekdays 09:15-15:30. */
    session: z.enum(['always-open', 'nse']),
    label: z.string(),
    nextOpen: z.string().nullable(),
    nextClose: z.string().nullable(),
    timezone: z.string(),
  }),
);
export type MarketStatus = z.infer<typeof marketStatusSchema>;

export const latestResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    symbol: z.string(),
    latest: candleSchema,
    quote: quoteSchema,
    marketOpen: z.boolean(),
    exchange: z.string(),
    timestamp: z.string(),
    message: z.string(),
  }),
);
export const historicalResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    symbol: z.string(),
    period: periodSchema,
    interval: z.enum(['1m', '5m', '1h', '1d', '1wk']),
    data: z.array(candleSchema),
    latest: candleSchema.nullable(),
    marketOpen: z.boolean(),
    exchange: z.string(),
    timestamp: z.string(),
    message: z.string(),
  }),
);
export type HistoricalResponse = z.infer<typeof historicalResponseSchema>;
export const marketStatusResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true) }).extend(marketStatusSchema.shape),
);
export const batchRequestSchema = lazySchema(() =>
  z.object({
    symbols: z.array(symbolParam).min(1, 'At least one symbol is required').max(50, 'At most 50 symbols'),
  }),
);
export const batchResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    results: z.array(
      z.object({
        symbol: z.string(),
        latest: candleSchema.nullable(),
        quote: quoteSchema.nullable(),
        error: z.string().nullable(),
      }),
    ),
    timestamp: z.string(),
    marketOpen: z.boolean(),
    exchange: z.string(),
    message: z.string(),
  }),
);

/** Realtime: what a `quote` event carries for one subscribed symbol. */
export const quoteEventSchema = lazySchema(() =>
  z.object({
    symbol: z.string(),
    price: z.number(),
    change: z.number(),
    changePercent: z.number(),
    volume: z.number().int(),
    lastUpdated: z.string(),
    /** The circuit now (an operating range can widen and a lock start or end during the day); null: no circuit. */
    lowerCircuit: z.number().nullable(),
    upperCircuit: z.number().nullable(),
    circuitLock: circuitLockSchema.nullable(),
    /** The 1-minute candle the tick belongs to, as the 1D chart shows it. */
    candle: candleSchema,
  }),
);
export type QuoteEvent = z.infer<typeof quoteEventSchema>;
export const quoteSubscriptionSchema = lazySchema(() =>
  z.object({ symbols: z.array(symbolParam).min(1).max(100) }),
);
export type QuoteSubscription = z.infer<typeof quoteSubscriptionSchema>;
export const MAX_QUOTE_SUBSCRIPTIONS = 100;
