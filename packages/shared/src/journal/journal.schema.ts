import { z } from 'zod';
import { isSafeText } from '../lib/safe-string.js';
import { currencySchema } from '../market/market.schema.js';
import { ORDER_SIDES } from '../trading/order.schema.js';
import {
  portfolioIdSchema,
  portfolioQuerySchema,
  portfolioSeasonQuerySchema,
} from '../portfolios/portfolio.schema.js';
import { lazySchema } from '../lib/lazy-schema.js';

/**
 * The trade journal (/trades, "My Trades"): a trade log of {ticker, quantity, price, type}
 * plus what makes an entry worth keeping — a link to one of the user's own fills (its P&L then
 * comes from the ledger), a note, tags, a setup, a plan, a confidence and a post-trade review.
 * Prices cross the API as numbers with at most 2 decimals in the ticker's currency.
 */
export const JOURNAL_MESSAGES = {
  created: 'Trade created successfully',
  updated: 'Trade updated successfully',
  deleted: 'Trade deleted successfully',
  fetchFailed: 'Failed to fetch trades',
  saveFailed: 'Failed to save trade',
  deleteFailed: 'Failed to delete trade',
  confirmDelete: 'Are you sure you want to delete this trade?',
  empty: 'No trades found. Create your first trade!',
  notFound: 'Trade not found',
  fillNotFound: 'Fill not found',
  fillTaken: 'This fill is already in your journal',
} as const;

export const JOURNAL_NOTE_MAX = 2000;
export const JOURNAL_REVIEW_MAX = 2000;
export const JOURNAL_TAGS_MAX = 10;
export const JOURNAL_TAG_MAX_LENGTH = 30;
export const JOURNAL_SETUP_MAX_LENGTH = 60;
export const JOURNAL_MAX_QUANTITY = 1_000_000;
/** Like the alerts' cap: keeps one account from growing the table (and its pages) without bound. */
export const MAX_JOURNAL_ENTRIES_PER_USER = 5000;
export const JOURNAL_LIMIT_MESSAGE = `You can keep at most ${MAX_JOURNAL_ENTRIES_PER_USER.toLocaleString('en-IN')} journal entries; delete some first`;
/** Far above any listed share price; keeps price × quantity inside BIGINT minor units. */
export const JOURNAL_MAX_PRICE = 10_000_000;

function safeText(field: string, max: number) {
  return z
    .string({ error: `${field} must be text` })
    .max(max, `${field} must be at most ${max.toLocaleString('en-IN')} characters`)
    .refine((v) => isSafeText(v), `${field} contains characters that cannot be stored`);
}

/** True when the number has at most 2 decimals (the form's step 0.01). */
export function hasTwoDecimals(value: number): boolean {
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

const TICKER_PATTERN = /^[A-Za-z0-9&^.-]{1,30}$/;
export const TICKER_MESSAGE = 'Ticker is required';
export const QUANTITY_FIELD_MESSAGE = 'Quantity must be a whole number greater than 0';
export const PRICE_FIELD_MESSAGE = 'Price must be greater than 0';
export const PRICE_STEP_MESSAGE = 'Price must have at most 2 decimals';

export const journalTickerField = lazySchema(() =>
  z
    .string({ error: TICKER_MESSAGE })
    .trim()
    .min(1, TICKER_MESSAGE)
    .max(30, 'Ticker must be at most 30 characters')
    .regex(TICKER_PATTERN, 'Ticker may use only letters, digits, &, ^, . and -'),
);
export const journalQuantityField = lazySchema(() =>
  z
    .number({ error: QUANTITY_FIELD_MESSAGE })
    .int(QUANTITY_FIELD_MESSAGE)
    .min(1, QUANTITY_FIELD_MESSAGE)
    .max(JOURNAL_MAX_QUANTITY, `Quantity must be at most ${JOURNAL_MAX_QUANTITY.toLocaleString('en-IN')}`),
);
/**
 * Stored in minor units, so what counts is the value after rounding to 2 decimals: 1e-10 passes
 * `positive` and the 2-decimal check yet would be stored as 0.
 */
function priceField(label: string) {
  return z
    .number({ error: `${label} must be greater than 0` })
    .positive(`${label} must be greater than 0`)
    .max(JOURNAL_MAX_PRICE, `${label} must be at most ${JOURNAL_MAX_PRICE.toLocaleString('en-IN')}`)
    .refine((v) => Math.round(v * 100) >= 1, { message: `${label} must be at least 0.01`, abort: true })
    .refine(hasTwoDecimals, `${label} must have at most 2 decimals`);
}
export const journalPriceField = lazySchema(() => priceField('Price'));
export const journalTypeField = lazySchema(() => z.enum(ORDER_SIDES, { error: 'Type must be BUY or SELL' }));

/** Tags are kept lower-case and once each, so "Breakout" and "breakout " are one tag. */
export const journalTagField = z
  .string({ error: 'Each tag must be text' })
  .trim()
  .min(1, 'Tags cannot be empty')
  .max(JOURNAL_TAG_MAX_LENGTH, `Each tag must be at most ${JOURNAL_TAG_MAX_LENGTH} characters`)
  .refine((v) => !v.includes(','), 'Tags cannot contain commas')
  .refine((v) => isSafeText(v), 'Tags contain characters that cannot be stored')
  .transform((v) => v.toLowerCase());
export const journalTagsField = z
  .array(journalTagField, { error: 'Tags must be a list' })
  .transform((tags) => [...new Set(tags)])
  .refine((tags) => tags.length <= JOURNAL_TAGS_MAX, `At most ${JOURNAL_TAGS_MAX} tags`);

const uuidField = (message: string) => z.string({ error: message }).uuid(message);

/** Everything beyond those four fields; each may be sent on create and on update. */
const journalExtras = {
  note: safeText('Note', JOURNAL_NOTE_MAX).optional(),
  tags: journalTagsField.optional(),
  setup: safeText('Setup', JOURNAL_SETUP_MAX_LENGTH)
    .transform((v) => v.trim())
    .nullable()
    .optional(),
  stop: priceField('Stop').nullable().optional(),
  target: priceField('Target').nullable().optional(),
  confidence: z
    .number({ error: 'Confidence must be a whole number from 1 to 5' })
    .int('Confidence must be a whole number from 1 to 5')
    .min(1, 'Confidence must be a whole number from 1 to 5')
    .max(5, 'Confidence must be a whole number from 1 to 5')
    .nullable()
    .optional(),
  review: safeText('Review', JOURNAL_REVIEW_MAX).optional(),
};

/**
 * A manual entry names its ticker, quantity, price and type. An entry made from a fill (fillId, or
 * orderId of a filled order) takes them from the fill; if sent they must agree with it.
 */
export const createJournalEntryRequestSchema = lazySchema(() =>
  z
    .object({
      ticker: journalTickerField.optional(),
      quantity: journalQuantityField.optional(),
      price: journalPriceField.optional(),
      type: journalTypeField.optional(),
      fillId: uuidField(JOURNAL_MESSAGES.fillNotFound).optional(),
      orderId: uuidField('Order not found').optional(),
      ...journalExtras,
      /** The portfolio the entry belongs to (and its fill comes from); omitted means main. */
      portfolioId: portfolioIdSchema.optional(),
    })
    .strict()
    .superRefine((body, ctx) => {
      if (body.fillId && body.orderId) {
        ctx.addIssue({ code: 'custom', path: ['fillId'], message: 'Link a fill or an order, not both' });
      }
      if (body.fillId || body.orderId) return;
      if (body.ticker === undefined)
        ctx.addIssue({ code: 'custom', path: ['ticker'], message: TICKER_MESSAGE });
      if (body.quantity === undefined)
        ctx.addIssue({ code: 'custom', path: ['quantity'], message: QUANTITY_FIELD_MESSAGE });
      if (body.price === undefined)
        ctx.addIssue({ code: 'custom', path: ['price'], message: PRICE_FIELD_MESSAGE });
      if (body.type === undefined)
        ctx.addIssue({ code: 'custom', path: ['type'], message: 'Type must be BUY or SELL' });
    }),
);
export type CreateJournalEntryRequest = z.infer<typeof createJournalEntryRequestSchema>;

/** Any subset of the fields; `fillId: null` unlinks the entry from its fill. */
export const updateJournalEntryRequestSchema = lazySchema(() =>
  z
    .object({
      ticker: journalTickerField.optional(),
      quantity: journalQuantityField.optional(),
      price: journalPriceField.optional(),
      type: journalTypeField.optional(),
      fillId: uuidField(JOURNAL_MESSAGES.fillNotFound).nullable().optional(),
      ...journalExtras,
      /** The portfolio the entry belongs to; omitted means main. Another portfolio's entry is a 404. */
      portfolioId: portfolioIdSchema.optional(),
    })
    .strict(),
);
export type UpdateJournalEntryRequest = z.infer<typeof updateJournalEntryRequestSchema>;

export const journalEntryIdParamsSchema = lazySchema(() =>
  z.object({ id: uuidField(JOURNAL_MESSAGES.notFound) }),
);

/** DELETE /trades/{id} names the portfolio in its optional body, as the other writes do (none: main). */
export const deleteJournalEntryRequestSchema = z
  .object({ portfolioId: portfolioIdSchema.optional() })
  .strict()
  .nullish();

/** GET /trades/{id} and /trades/tags: the portfolio, main when omitted. */
export const journalPortfolioQuerySchema = portfolioQuerySchema;

/** GET /trades/tags: a portfolio's tags, of its open season or of a closed one (`season`). */
export const journalTagsQuerySchema = portfolioSeasonQuerySchema;

/** GET /trades: `season` reads a closed season's entries (read-only). */
export const journalListQuerySchema = lazySchema(() =>
  portfolioSeasonQuerySchema.extend({
    tag: journalTagField.optional(),
    type: z.enum([...ORDER_SIDES, 'all'], { error: 'Type must be BUY, SELL or all' }).default('all'),
    page: z.coerce
      .number({ error: 'Page must be a whole number from 1' })
      .int('Page must be a whole number from 1')
      .min(1, 'Page must be a whole number from 1')
      .default(1),
    limit: z.coerce
      .number({ error: 'Limit must be a whole number from 1 to 100' })
      .int('Limit must be a whole number from 1 to 100')
      .min(1, 'Limit must be a whole number from 1 to 100')
      .max(100, 'Limit must be a whole number from 1 to 100')
      .default(24),
  }),
);
export type JournalListQuery = z.infer<typeof journalListQuerySchema>;

export const journalLinkQuerySchema = lazySchema(() =>
  z
    .object({
      fillId: uuidField(JOURNAL_MESSAGES.fillNotFound).optional(),
      orderId: uuidField('Order not found').optional(),
      portfolioId: portfolioIdSchema.optional(),
    })
    .refine((q) => (q.fillId === undefined) !== (q.orderId === undefined), {
      message: 'Give a fillId or an orderId',
      path: ['fillId'],
    }),
);

/** The ledger's record of a fill: price, fees and (on a sell) realised P&L, all in rupees. */
export const journalFillSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    orderId: z.string(),
    ticker: z.string(),
    type: journalTypeField,
    quantity: z.number().int(),
    price: z.number(),
    fees: z.number(),
    /** Realised P&L of a sell (fees on both sides included); null on a buy. */
    realizedPnl: z.number().nullable(),
    executedAt: z.string(),
  }),
);
export type JournalFill = z.infer<typeof journalFillSchema>;

export const journalEntrySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    _id: z.string(),
    ticker: z.string(),
    /** INR for Indian tickers (and unknown ones), USD for the catalog's US stocks. */
    currency: currencySchema,
    quantity: z.number().int(),
    price: z.number(),
    type: journalTypeField,
    /** price × quantity, 2 decimals. */
    total: z.number(),
    fillId: z.string().nullable(),
    fill: journalFillSchema.nullable(),
    note: z.string(),
    tags: z.array(z.string()),
    setup: z.string().nullable(),
    stop: z.number().nullable(),
    target: z.number().nullable(),
    confidence: z.number().int().nullable(),
    review: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type JournalEntry = z.infer<typeof journalEntrySchema>;

export const journalTagSummarySchema = lazySchema(() =>
  z.object({
    tag: z.string(),
    entries: z.number().int(),
    /** Entries linked to a sell fill: the ones with a realised result. */
    closedTrades: z.number().int(),
    wins: z.number().int(),
    /** wins / closedTrades × 100, one decimal; null with no closed trade. */
    winRate: z.number().nullable(),
    /** Sum of the linked sell fills' realised P&L, rupees. */
    realizedPnl: z.number(),
  }),
);
export type JournalTagSummary = z.infer<typeof journalTagSummarySchema>;

export const journalListResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    trades: z.array(journalEntrySchema),
    pagination: z.object({
      page: z.number().int(),
      limit: z.number().int(),
      total: z.number().int(),
      totalPages: z.number().int(),
    }),
  }),
);
export const journalEntryResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), trade: journalEntrySchema }),
);
export const journalEntryMessageResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    trade: journalEntrySchema,
  }),
);
export const journalTagSummaryResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    tags: z.array(journalTagSummarySchema),
  }),
);
export const journalLinkResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), fill: journalFillSchema }),
);
