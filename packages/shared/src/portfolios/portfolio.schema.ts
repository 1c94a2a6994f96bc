import { z } from 'zod';
import { safeString } from '../lib/safe-string.js';
import { lazySchema } from '../lib/lazy-schema.js';

/**
 * Named portfolios (issue 25). Every money row (cash account, ledger, orders, fills, positions, GTTs,
 * alerts, journal entries, equity snapshots) belongs to one portfolio. Each user has exactly one
 * `main`; `custom` ones are created by the user; `replay`, `class` and `agent` ones are created by
 * the Replay Lab, classrooms and the agent sandbox, never by POST /api/portfolios.
 */
export const portfolioKindSchema = lazySchema(() => z.enum(['main', 'custom', 'replay', 'class', 'agent']));
export type PortfolioKind = z.infer<typeof portfolioKindSchema>;

/** Custom portfolios a user may create besides main. */
export const MAX_CUSTOM_PORTFOLIOS = 5;
export const CUSTOM_PORTFOLIOS_LIMIT_MESSAGE = `You can keep at most ${MAX_CUSTOM_PORTFOLIOS} portfolios besides Main; delete or reset one instead`;
/** ₹10,000, the default starting cash of a custom portfolio, in paise. */
export const DEFAULT_PORTFOLIO_STARTING_CASH_PAISE = 1_000_000;
/** Bounds of a custom portfolio's starting cash, in rupees (whole rupees only). */
export const MIN_PORTFOLIO_STARTING_CASH_RUPEES = 1_000;
export const MAX_PORTFOLIO_STARTING_CASH_RUPEES = 1_00_00_000;

/** A starting cash in whole rupees within the bounds above: a custom portfolio's or a class's. */
export const startingCashRupeesField = lazySchema(() =>
  z
    .number({ error: 'Starting cash must be a number of rupees' })
    .int('Starting cash must be whole rupees')
    .min(
      MIN_PORTFOLIO_STARTING_CASH_RUPEES,
      `Starting cash must be at least ₹${MIN_PORTFOLIO_STARTING_CASH_RUPEES.toLocaleString('en-IN')}`,
    )
    .max(
      MAX_PORTFOLIO_STARTING_CASH_RUPEES,
      `Starting cash must be at most ₹${MAX_PORTFOLIO_STARTING_CASH_RUPEES.toLocaleString('en-IN')}`,
    ),
);

export const portfolioIdSchema = lazySchema(() => safeString().uuid('Portfolio not found'));

export const portfolioNameField = lazySchema(() =>
  safeString({ error: 'Portfolio name cannot be empty' })
    .trim()
    .min(1, 'Portfolio name cannot be empty')
    .max(40, 'Portfolio name must be at most 40 characters'),
);

export const portfolioSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    kind: portfolioKindSchema,
    /** The season now open: 1 until the first reset. */
    season: z.number().int().positive(),
    /** Starting cash of each season, in rupees (2 decimals). */
    startingCash: z.number(),
    createdAt: z.string(),
  }),
);
export type Portfolio = z.infer<typeof portfolioSchema>;

export const createPortfolioRequestSchema = lazySchema(() =>
  z.object({
    name: portfolioNameField,
    /** Rupees; default ₹10,000. */
    startingCash: startingCashRupeesField.optional(),
  }),
);
export type CreatePortfolioRequest = z.infer<typeof createPortfolioRequestSchema>;

export const portfolioIdParamsSchema = lazySchema(() => z.object({ id: portfolioIdSchema }));
/** Reads take the portfolio in the query; omitted means the user's main portfolio. */
export const portfolioQuerySchema = lazySchema(() => z.object({ portfolioId: portfolioIdSchema.optional() }));
/** Writes take it in the body; omitted means main. Merge this into each money write's body schema. */
export const portfolioBodyFieldSchema = lazySchema(() =>
  z.object({ portfolioId: portfolioIdSchema.optional() }),
);

export const portfolioListResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: z.array(portfolioSchema),
  }),
);
export const portfolioResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    data: portfolioSchema,
  }),
);

/** A closed season: read-only, with the figures it ended on (glossary names, rupees). */
export const portfolioSeasonSchema = lazySchema(() =>
  z.object({
    season: z.number().int().positive(),
    startedAt: z.string(),
    /** Null for the season now open. */
    endedAt: z.string().nullable(),
    startingCash: z.number(),
    /** Final figures at the reset; null for the open season. */
    final: z
      .object({
        totalValue: z.number(),
        availableCash: z.number(),
        totalPnl: z.number(),
        realisedPnl: z.number(),
        chargesPaid: z.number(),
        trades: z.number().int().nonnegative(),
      })
      .nullable(),
  }),
);
export type PortfolioSeason = z.infer<typeof portfolioSeasonSchema>;
export const portfolioSeasonsResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: z.array(portfolioSeasonSchema),
  }),
);
/** Reads of a closed season add `season` to the query; writes always go to the open season. */
export const portfolioSeasonQuerySchema = lazySchema(() =>
  portfolioQuerySchema.extend({
    season: z.coerce
      .number({ error: 'Season must be a whole number from 1' })
      .int('Season must be a whole number from 1')
      .positive('Season not found')
      .optional(),
  }),
);
