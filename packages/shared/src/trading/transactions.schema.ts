import { z } from 'zod';
import { refusalDetailSchema } from './refusal.schema.js';
import { boundedDateTime, safeString } from '../lib/safe-string.js';
import { feeBreakdownSchema } from './order.schema.js';
import { productSchema } from './product.js';
import { portfolioIdSchema } from '../portfolios/portfolio.schema.js';
import { lazySchema } from '../lib/lazy-schema.js';

/**
 * One row of /history: a fill (completed), a resting order (pending), a rejected or expired order
 * (failed, with its reason), a daily reward or a class's weekly deposit. Money in rupees with 2 decimals.
 */
export const TRANSACTION_TYPES = ['buy', 'sell', 'reward', 'deposit'] as const;
export const TRANSACTION_STATUSES = ['completed', 'pending', 'failed'] as const;
export const TRANSACTION_RANGES = ['all', 'today', 'week', 'month', 'year'] as const;
export const TRANSACTION_SORTS = ['date', 'symbol', 'quantity', 'amount', 'status'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export type TransactionRange = (typeof TRANSACTION_RANGES)[number];
/** A row that moved cash without a trade: a daily reward or a class deposit (no stock, quantity or price). */
export const isCashEntry = (type: TransactionType) => type === 'reward' || type === 'deposit';

export const transactionSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    orderId: z.string().nullable(),
    type: z.enum(TRANSACTION_TYPES),
    /** DAILY_REWARD for rewards (the daily bonus record), CLASS_DEPOSIT for a class's weekly deposit. */
    symbol: z.string(),
    name: z.string(),
    exchange: z.string(),
    sector: z.string(),
    orderType: z.string().nullable(),
    /** The order's product; null for a reward. */
    product: productSchema.nullable(),
    quantity: z.number().int(),
    price: z.number(),
    /** Trade value (price × quantity), or the reward amount. */
    totalAmount: z.number(),
    fees: z.number(),
    feeBreakdown: feeBreakdownSchema.nullable(),
    /** Cash moved: −(value + fees) on a buy, value − fees on a sell, +amount for a reward or deposit. */
    netAmount: z.number(),
    status: z.enum(TRANSACTION_STATUSES),
    timestamp: z.string(),
    /** Realized P&L of a sell fill (fees on both sides included); null otherwise. */
    gainLoss: z.number().nullable(),
    gainLossPercent: z.number().nullable(),
    failureReason: z.string().nullable(),
    /** For an order refused at placement: the rule it broke, in one sentence with its numbers, and the fix. */
    failureRefusal: refusalDetailSchema.nullable(),
    description: z.string(),
    /** For a fill: one line saying why it got this price. */
    receipt: z.string().nullable(),
  }),
);
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionQuerySchema = lazySchema(() =>
  z.object({
    type: z.enum([...TRANSACTION_TYPES, 'all']).default('all'),
    status: z.enum([...TRANSACTION_STATUSES, 'all']).default('all'),
    /** Relative to now in IST: today from midnight, week 7 days, month 1 month, year 1 year. */
    range: z.enum(TRANSACTION_RANGES).default('all'),
    from: boundedDateTime('from').optional(),
    to: boundedDateTime('to').optional(),
    /** Case-insensitive substring of symbol, company name or order id. */
    search: safeString().trim().max(64).optional(),
    sort: z.enum(TRANSACTION_SORTS).default('date'),
    order: z.enum(['asc', 'desc']).default('desc'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    /** The portfolio it is about (issue 25); omitted means the user's main portfolio. */
    portfolioId: portfolioIdSchema.optional(),
    /** A closed season of the portfolio to read (GET /api/portfolios/{id}/seasons); omitted: the open one. */
    season: z.coerce.number().int().positive('Season not found').optional(),
  }),
);
export type TransactionQuery = z.infer<typeof transactionQuerySchema>;
export const transactionExportQuerySchema = lazySchema(() =>
  transactionQuerySchema.omit({ page: true, limit: true }),
);
export type TransactionExportQuery = z.infer<typeof transactionExportQuerySchema>;

/** The transaction history summary, over the whole filtered set (not just the page). */
export const transactionSummarySchema = lazySchema(() =>
  z.object({
    totalTransactions: z.number().int(),
    /** The glossary's Invested: cost basis of the open holdings, whatever the filters. */
    totalInvested: z.number(),
    /** The glossary's Total Bought / Total Sold: price × quantity of the completed buys / sells in the filtered set. */
    totalBought: z.number(),
    totalSold: z.number(),
    totalFees: z.number(),
    totalGainLoss: z.number(),
    /** The glossary's Success Rate: filledOrders / finishedOrders × 100, one decimal; null when none finished. */
    successRate: z.number().nullable(),
    /** Orders in the filtered set that filled. */
    filledOrders: z.number().int(),
    /** Orders in the filtered set that finished: filled, rejected or expired (pending ones excluded). */
    finishedOrders: z.number().int(),
  }),
);
export type TransactionSummary = z.infer<typeof transactionSummarySchema>;

export const transactionListResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: z.array(transactionSchema),
    summary: transactionSummarySchema,
    pagination: z.object({
      page: z.number().int(),
      limit: z.number().int(),
      total: z.number().int(),
      totalPages: z.number().int(),
    }),
  }),
);
