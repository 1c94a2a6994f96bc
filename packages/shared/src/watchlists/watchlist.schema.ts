import { z } from 'zod';
import { safeString } from '../lib/safe-string.js';
import { symbolParam } from '../market/market.schema.js';
import { lazySchema } from '../lib/lazy-schema.js';

export const watchlistStockSchema = lazySchema(() =>
  z.object({
    symbol: z.string(),
    name: z.string(),
    sector: z.string(),
    addedAt: z.string(),
  }),
);
export type WatchlistStock = z.infer<typeof watchlistStockSchema>;

export const watchlistSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    _id: z.string(),
    name: z.string(),
    description: z.string(),
    isDefault: z.boolean(),
    createdAt: z.string(),
    stocks: z.array(watchlistStockSchema),
  }),
);
export type Watchlist = z.infer<typeof watchlistSchema>;

export const DEFAULT_WATCHLIST_NAME = 'My Watchlist';
/** Like the alerts' cap: lists per user (the default one included) and stocks per list. */
export const MAX_WATCHLISTS_PER_USER = 20;
export const MAX_WATCHLIST_ITEMS = 100;
export const WATCHLISTS_LIMIT_MESSAGE = `You can keep at most ${MAX_WATCHLISTS_PER_USER} watchlists; delete one first`;
export const WATCHLIST_ITEMS_LIMIT_MESSAGE = `A watchlist holds at most ${MAX_WATCHLIST_ITEMS} stocks; remove some first`;

export const watchlistNameField = lazySchema(() =>
  safeString({ error: 'Watchlist name cannot be empty' })
    .trim()
    .min(1, 'Watchlist name cannot be empty')
    .max(50, 'Watchlist name must be at most 50 characters'),
);

export const createWatchlistRequestSchema = lazySchema(() =>
  z.object({
    name: watchlistNameField,
    description: safeString().trim().max(200, 'Description must be at most 200 characters').optional(),
  }),
);
export const addToWatchlistRequestSchema = lazySchema(() =>
  z.object({
    symbol: symbolParam,
    watchlistId: safeString().uuid('Watchlist not found'),
  }),
);
export const watchlistIdParamsSchema = lazySchema(() =>
  z.object({ id: safeString().uuid('Watchlist not found') }),
);
export const removeFromWatchlistParamsSchema = lazySchema(() =>
  z.object({
    symbol: symbolParam,
    watchlistId: safeString().uuid('Watchlist not found'),
  }),
);

export const watchlistListResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: z.array(watchlistSchema),
  }),
);
export const watchlistResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    data: watchlistSchema,
  }),
);
