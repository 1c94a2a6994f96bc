import { z } from 'zod';
import { accountFiguresSchema } from '../trading/figures.js';
import { productSchema } from '../trading/product.js';
import { lazySchema } from '../lib/lazy-schema.js';

/**
 * A replay's own portfolio (kind `replay`, ₹10,000) as of the replay clock: the glossary's figures
 * at the replay's prices, its positions and orders. Blind, names are the stand-ins ("Stock A") and
 * times are on the stand-in calendar until `finish`.
 */
export const replayPositionSchema = lazySchema(() =>
  z.object({
    /** The symbol orders in this replay use (blind: the stand-in). */
    symbol: z.string(),
    name: z.string(),
    sector: z.string().nullable(),
    product: productSchema,
    quantity: z.number().int(),
    /** Cost per share, buy fees included (Invested ÷ quantity). */
    averagePrice: z.number(),
    /** The replay's last price. */
    price: z.number(),
    /** The glossary's Unrealised P&L of this position: its value at `price` − what it cost, fees included. */
    unrealisedPnl: z.number(),
  }),
);
export type ReplayPosition = z.infer<typeof replayPositionSchema>;

export const replayOrderSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    clientOrderId: z.string(),
    symbol: z.string(),
    name: z.string(),
    side: z.enum(['BUY', 'SELL']),
    orderType: z.enum(['MARKET', 'LIMIT', 'STOP']),
    product: productSchema,
    quantity: z.number().int(),
    limitPrice: z.number().nullable(),
    triggerPrice: z.number().nullable(),
    status: z.enum(['PENDING', 'FILLED', 'CANCELLED', 'REJECTED', 'EXPIRED']),
    statusReason: z.string().nullable(),
    executionPrice: z.number().nullable(),
    fees: z.number(),
    /** When it filled, on the replay's clock (blind: the stand-in calendar); null until it fills. */
    executedAt: z.string().nullable(),
  }),
);
export type ReplayOrder = z.infer<typeof replayOrderSchema>;

export const replayPortfolioSchema = lazySchema(() =>
  z.object({
    replayId: z.string(),
    portfolioId: z.string(),
    /** The replay clock these figures are at (same calendar as the replay's `clock`). */
    clock: z.string(),
    startingCash: z.number(),
    figures: accountFiguresSchema,
    /** Every charge paid in this replay so far. */
    chargesPaid: z.number(),
    positions: z.array(replayPositionSchema),
    /** Newest first. */
    orders: z.array(replayOrderSchema),
  }),
);
export type ReplayPortfolio = z.infer<typeof replayPortfolioSchema>;
export const replayPortfolioResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: replayPortfolioSchema,
  }),
);

/** One fill of a finished replay, to draw on its chart. */
export const replayTradeSchema = lazySchema(() =>
  z.object({
    time: z.string(),
    symbol: z.string(),
    name: z.string(),
    side: z.enum(['BUY', 'SELL']),
    quantity: z.number().int(),
    price: z.number(),
    /** True for the sells `finish` made to close what was still held. */
    closing: z.boolean(),
  }),
);
export type ReplayTrade = z.infer<typeof replayTradeSchema>;

/**
 * What `finish` scores, after closing every open position at the last price:
 * - returnPercent: (final value − starting cash) ÷ starting cash × 100, charges included;
 * - buyAndHoldPercent: the same stocks, equal weights, bought at the first minute's price and held to
 *   the end, before charges; null when nothing was traded;
 * - niftyPercent: NIFTY 50 from the first minute to the end;
 * - chargesPaid: every charge of the replay, closing sells included;
 * - maxDrawdownPercent: the largest fall of the portfolio's value from a peak, on a 5-minute grid
 *   and at every fill.
 * All percents have 2 decimals.
 */
export const replayScoreSchema = lazySchema(() =>
  z.object({
    returnPercent: z.number(),
    buyAndHoldPercent: z.number().nullable(),
    niftyPercent: z.number().nullable(),
    chargesPaid: z.number(),
    maxDrawdownPercent: z.number(),
    startingCash: z.number(),
    finalValue: z.number(),
    trades: z.array(replayTradeSchema),
  }),
);
export type ReplayScore = z.infer<typeof replayScoreSchema>;
