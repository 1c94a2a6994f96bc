import { z } from 'zod';
import { safeString } from '../lib/safe-string.js';
import { MAX_ORDER_PRICE, MAX_ORDER_QUANTITY } from '../trading/order.schema.js';
import { lazySchema } from '../lib/lazy-schema.js';

/**
 * The Options Lab's HTTP contract (issue 28): NIFTY and BANKNIFTY index options and futures on the
 * simulated market. Money in rupees with paise (two decimals; option prices on the 0.05 tick), as
 * every other response; the server keeps integer paise. Trading symbols follow Kite's format:
 * weekly `NIFTY26D0124000CE` (YY, month code 1–9/O/N/D, DD), monthly `NIFTY26DEC24000CE`, futures
 * `NIFTY26DECFUT`. The contract data (lots, expiry weekdays, strike steps) lives beside this file
 * as dated rows with their sources.
 */
export const UNDERLYINGS = ['NIFTY', 'BANKNIFTY'] as const;
export const underlyingSchema = lazySchema(() =>
  z.enum(UNDERLYINGS, { error: 'Underlying must be NIFTY or BANKNIFTY' }),
);
export type Underlying = z.infer<typeof underlyingSchema>;

export const OPTION_TYPES = ['CE', 'PE'] as const;
export type OptionType = (typeof OPTION_TYPES)[number];
export const DERIVATIVE_KINDS = ['CE', 'PE', 'FUT'] as const;
export type DerivativeKind = (typeof DERIVATIVE_KINDS)[number];

export const EXPIRY_KINDS = ['weekly', 'monthly'] as const;
export type ExpiryKind = (typeof EXPIRY_KINDS)[number];

const isoDay = lazySchema(() =>
  safeString({ error: 'Expiry must be a date (YYYY-MM-DD)' }).regex(
    /^\d{4}-\d{2}-\d{2}$/,
    'Expiry must be a date in the form YYYY-MM-DD',
  ),
);

export const tradingSymbolSchema = lazySchema(() =>
  safeString({ error: 'Trading symbol is required' })
    .trim()
    .toUpperCase()
    .regex(
      /^[A-Z]{3,15}\d{2}[A-Z0-9]{1,3}\d{0,2}(\d+(CE|PE)|FUT)$/,
      'Not an options or futures trading symbol',
    ),
);

// GET /api/options/expiries?underlying=NIFTY
export const optionExpiriesQuerySchema = lazySchema(() => z.object({ underlying: underlyingSchema }));
export const optionExpirySchema = lazySchema(() =>
  z.object({
    /** IST date of the last trading day (a holiday would move it to the day before; no holiday calendar yet). */
    date: z.string(),
    kind: z.enum(EXPIRY_KINDS),
    /** Calendar days from today (IST) to the expiry; 0 on expiry day. */
    daysToExpiry: z.number().int(),
  }),
);
export const futureContractSchema = lazySchema(() =>
  z.object({
    tradingsymbol: z.string(),
    expiry: z.string(),
    lotSize: z.number().int(),
  }),
);
export const optionExpiriesResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: z.object({
      underlying: underlyingSchema,
      lotSize: z.number().int(),
      strikeStep: z.number().int(),
      expiries: z.array(optionExpirySchema),
      futures: z.array(futureContractSchema),
    }),
  }),
);
export type OptionExpiry = z.infer<typeof optionExpirySchema>;
export type OptionExpiriesResponse = z.infer<typeof optionExpiriesResponseSchema>;

// GET /api/options/chain?underlying=NIFTY&expiry=YYYY-MM-DD (expiry defaults to the nearest)
export const optionChainQuerySchema = lazySchema(() =>
  z.object({
    underlying: underlyingSchema,
    expiry: isoDay.optional(),
    /** Strikes each side of the at-the-money strike (default 15). */
    strikes: z.coerce
      .number({ error: 'Strikes must be a whole number from 1 to 40' })
      .int('Strikes must be a whole number from 1 to 40')
      .min(1, 'Strikes must be a whole number from 1 to 40')
      .max(40, 'Strikes must be a whole number from 1 to 40')
      .default(15),
  }),
);
export const optionQuoteSchema = lazySchema(() =>
  z.object({
    tradingsymbol: z.string(),
    ltp: z.number(),
    bid: z.number(),
    ask: z.number(),
    /** Implied volatility in percent (e.g. 13.2). */
    iv: z.number(),
    delta: z.number(),
    /** Per one point of the underlying. */
    gamma: z.number(),
    /** Rupees per option per calendar day. */
    theta: z.number(),
    /** Rupees per option per one volatility point. */
    vega: z.number(),
    /** Simulated open interest in contracts (units), a model figure, labelled as such on screen. */
    oi: z.number().int(),
  }),
);
export const optionChainRowSchema = lazySchema(() =>
  z.object({
    strike: z.number(),
    call: optionQuoteSchema,
    put: optionQuoteSchema,
  }),
);
export const optionChainSchema = lazySchema(() =>
  z.object({
    underlying: underlyingSchema,
    /** The simulated index. */
    spot: z.number(),
    /** The future of the chain's expiry month (cost of carry on the spot). */
    future: z.number(),
    /** Simulated India VIX. */
    vix: z.number(),
    lotSize: z.number().int(),
    expiry: z.string(),
    expiryKind: z.enum(EXPIRY_KINDS),
    /** Strike closest to the future. */
    atmStrike: z.number(),
    /** ISO time the chain was priced at. */
    asOf: z.string(),
    strikes: z.array(optionChainRowSchema),
  }),
);
export const optionChainResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), data: optionChainSchema }),
);
export type OptionQuote = z.infer<typeof optionQuoteSchema>;
export type OptionChainRow = z.infer<typeof optionChainRowSchema>;
export type OptionChain = z.infer<typeof optionChainSchema>;

// POST /api/options/margin
export const marginLegSchema = lazySchema(() =>
  z.object({
    tradingsymbol: tradingSymbolSchema,
    side: z.enum(['BUY', 'SELL'], { error: 'Side must be BUY or SELL' }),
    /** Units (a whole number of lots). */
    quantity: z
      .number({ error: 'Quantity must be a whole number of units' })
      .int('Quantity must be a whole number of units')
      .min(1, 'Quantity must be at least one lot')
      .max(
        MAX_ORDER_QUANTITY,
        `Quantity must be at most ${MAX_ORDER_QUANTITY.toLocaleString('en-IN')} units`,
      ),
    /** Premium per unit to price the leg at; the market's when absent. */
    price: z
      .number({ error: 'Price must be a number of rupees' })
      .positive('Price must be greater than 0')
      .max(MAX_ORDER_PRICE, `Price must be at most ₹${MAX_ORDER_PRICE.toLocaleString('en-IN')}`)
      .optional(),
  }),
);
export const optionMarginRequestSchema = lazySchema(() =>
  z.object({
    legs: z.array(marginLegSchema).min(1, 'Add at least one leg').max(20, 'At most 20 legs'),
    /** With a portfolio: the margin of its open F&O positions and the legs together (the whole book). */
    portfolioId: safeString().uuid('Portfolio not found').optional(),
  }),
);
export const optionMarginSchema = lazySchema(() =>
  z.object({
    span: z.number(),
    exposure: z.number(),
    /** Premium paid up front by the bought options (received premium is not netted). */
    premium: z.number(),
    total: z.number(),
    /** Index of the worst of the 16 scenarios (1-based, NSE's numbering). */
    worstScenario: z.number().int(),
  }),
);
export const optionMarginResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), data: optionMarginSchema }),
);
export type MarginLeg = z.infer<typeof marginLegSchema>;
export type OptionMarginRequest = z.infer<typeof optionMarginRequestSchema>;
export type OptionMargin = z.infer<typeof optionMarginSchema>;

// GET /api/options/positions?portfolioId=
export const derivativePositionSchema = lazySchema(() =>
  z.object({
    tradingsymbol: z.string(),
    underlying: underlyingSchema,
    kind: z.enum(DERIVATIVE_KINDS),
    strike: z.number().nullable(),
    expiry: z.string(),
    product: z.enum(['NRML', 'MIS']),
    /** Signed units: negative is short. */
    quantity: z.number().int(),
    lots: z.number(),
    averagePrice: z.number(),
    ltp: z.number(),
    /** Mark-to-market on the open quantity at the LTP. */
    unrealisedPnl: z.number(),
    realisedPnl: z.number(),
    /** One line: what happens to this position at expiry if the index stays where it is. */
    atExpiry: z.string(),
  }),
);
export const derivativePositionsResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: z.object({
      positions: z.array(derivativePositionSchema),
      /** Margin blocked by the open positions (SPAN + exposure, premium excluded). */
      marginBlocked: z.number(),
    }),
  }),
);
export type DerivativePosition = z.infer<typeof derivativePositionSchema>;
