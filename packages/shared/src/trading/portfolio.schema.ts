import { z } from 'zod';
import { accountFiguresSchema, figureInputsSchema } from './figures.js';
import { productSchema } from './product.js';
import { lazySchema } from '../lib/lazy-schema.js';

export const ledgerTransactionSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    kind: z.string(),
    amount: z.number(),
    balanceAfter: z.number(),
    description: z.string(),
    orderId: z.string().nullable(),
    createdAt: z.string(),
  }),
);

/** The virtual money account, in rupees with 2 decimals. */
export const virtualAccountSchema = lazySchema(() =>
  z.object({
    balance: z.number(),
    availableCash: z.number(),
    reserved: z.number(),
    totalInvested: z.number(),
    portfolioValue: z.number(),
    totalGains: z.number(),
    /** The glossary's figures, as every screen shows them (see `FIGURES`). */
    figures: accountFiguresSchema,
    lastLoginReward: z.string().nullable(),
    transactions: z.array(ledgerTransactionSchema),
  }),
);
export type VirtualAccount = z.infer<typeof virtualAccountSchema>;
export const virtualAccountResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: virtualAccountSchema,
  }),
);

/**
 * Position and holding fields together, valued at the live price. One row per (symbol, product):
 * the same stock can be held for delivery (CNC) and as an intraday position (MIS) at once.
 */
export const holdingSchema = lazySchema(() =>
  z.object({
    symbol: z.string(),
    product: productSchema,
    name: z.string(),
    sector: z.string(),
    quantity: z.number().int(),
    /** Shares held back by this user's resting sell orders of this product in the symbol. */
    reservedQuantity: z.number().int().min(0),
    /** Shares a new sell may take now: `quantity − reservedQuantity`, never below 0. */
    sellableQuantity: z.number().int().min(0),
    avgPrice: z.number(),
    averagePrice: z.number(),
    currentPrice: z.number(),
    totalInvested: z.number(),
    currentValue: z.number(),
    value: z.number(),
    totalValue: z.number(),
    pnl: z.number(),
    pnlPercentage: z.number(),
    gainLoss: z.number(),
    gainLossPercentage: z.number(),
    realizedPnL: z.number(),
    dayChange: z.number(),
    dayChangePercent: z.number(),
    lastUpdated: z.string(),
  }),
);
export type Holding = z.infer<typeof holdingSchema>;
export const holdingsResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), data: z.array(holdingSchema) }),
);

export const portfolioSummarySchema = lazySchema(() =>
  z.object({
    totalValue: z.number(),
    availableCash: z.number(),
    totalInvested: z.number(),
    totalCurrentValue: z.number(),
    totalPnL: z.number(),
    totalPnLPercentage: z.number(),
    totalRealizedPnL: z.number(),
    positions: z.array(holdingSchema),
    totalPositions: z.number().int(),
    /** The glossary's figures at the server's prices, and their inputs to recompute them at live prices. */
    figures: accountFiguresSchema,
    figureInputs: figureInputsSchema,
  }),
);
export type PortfolioSummary = z.infer<typeof portfolioSummarySchema>;
export const portfolioSummaryResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: portfolioSummarySchema,
  }),
);
