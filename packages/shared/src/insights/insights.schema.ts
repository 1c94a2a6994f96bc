import { z } from 'zod';
import { portfolioQuerySchema } from '../portfolios/portfolio.schema.js';
import { lazySchema } from '../lib/lazy-schema.js';

/**
 * "Your trading habits" (/insights): figures computed from the user's own fills and account
 * value, each beside a published yardstick. A habit with too little data says how much it needs
 * instead of showing a figure. Money in rupees (2 decimals), shares of a whole in percent.
 */
export const HABIT_MINIMUMS = {
  /** Sells needed before the disposition effect means anything. */
  dispositionSells: 5,
  /** Sells needed for turnover and the share of P&L paid in charges. */
  costSells: 1,
  /** Winning and losing sells needed to compare holding times (each). */
  holdingEach: 1,
  /** Daily account values needed for a drawdown. */
  drawdownDays: 5,
  /** Fills needed for trades per active day. */
  activityFills: 5,
  /** Sells needed for "if you had held". */
  ifHeldSells: 1,
} as const;
/** "If you had held" looks at this many of the latest sells. */
export const IF_HELD_SELLS = 5;

/** A published figure to hold the user's own against, with a one-line source. */
export const yardstickSchema = lazySchema(() => z.object({ text: z.string(), source: z.string() }));
export type Yardstick = z.infer<typeof yardstickSchema>;

export const notEnoughSchema = lazySchema(() =>
  z.object({
    status: z.literal('insufficient'),
    needed: z.number().int(),
    have: z.number().int(),
    /** What is counted, e.g. "sells", "days of account value". */
    unit: z.string(),
  }),
);
export type NotEnough = z.infer<typeof notEnoughSchema>;

const habit = <T extends z.ZodRawShape>(figures: T) =>
  z.object({
    yardstick: yardstickSchema,
    result: z.discriminatedUnion('status', [
      z.object({ status: z.literal('ready'), ...figures }),
      notEnoughSchema,
    ]),
  });

export const dispositionHabitSchema = lazySchema(() =>
  habit({
    realizedGains: z.number().int(),
    realizedLosses: z.number().int(),
    paperGains: z.number().int(),
    paperLosses: z.number().int(),
    /** Proportion of gains realised, percent; null when there was no gain to realise. */
    pgr: z.number().nullable(),
    plr: z.number().nullable(),
    /** PGR − PLR in percentage points; positive means winners are sold sooner than losers. */
    difference: z.number().nullable(),
  }),
);

export const costsHabitSchema = lazySchema(() =>
  habit({
    /** Half of everything bought and sold, as a percent of the account's value now. */
    turnoverPercent: z.number(),
    /** The same, scaled to a year; null before 30 days of trading. */
    annualTurnoverPercent: z.number().nullable(),
    tradedDays: z.number().int(),
    /** Every charge paid, buys of shares still held included. */
    chargesPaid: z.number(),
    /** The charges on the shares sold (their sell fees and their part of the buy fees): the share's numerator. */
    chargesOnSold: z.number(),
    /** Realised P&L before charges, on the shares sold. */
    grossRealizedPnl: z.number(),
    /** The glossary's Charges share: charges ÷ gross realised P&L × 100; null when the gross is ≤ 0. */
    chargesShareOfGross: z.number().nullable(),
  }),
);

export const holdingHabitSchema = lazySchema(() =>
  habit({
    winners: z.number().int(),
    losers: z.number().int(),
    /** Average hours held, share-weighted, first-in-first-out. */
    winnerHours: z.number(),
    loserHours: z.number(),
  }),
);

export const drawdownHabitSchema = lazySchema(() =>
  habit({
    /** Largest fall from a peak of the account's daily value, percent (≥ 0). */
    maxDrawdownPercent: z.number(),
    peakValue: z.number(),
    troughValue: z.number(),
    peakDate: z.string(),
    troughDate: z.string(),
    days: z.number().int(),
  }),
);

export const activityHabitSchema = lazySchema(() =>
  habit({
    fills: z.number().int(),
    activeDays: z.number().int(),
    tradesPerActiveDay: z.number(),
    /** Realised plus unrealised P&L (after charges) on the opening balance, percent. */
    returnPercent: z.number(),
    tradingPnl: z.number(),
  }),
);

export const ifHeldRowSchema = lazySchema(() =>
  z.object({
    symbol: z.string(),
    quantity: z.number().int(),
    soldAt: z.number(),
    soldOn: z.string(),
    priceNow: z.number(),
    /** (priceNow − soldAt) × quantity: what holding on would have added (or saved, when negative). */
    difference: z.number(),
  }),
);
export type IfHeldRow = z.infer<typeof ifHeldRowSchema>;
export const ifHeldHabitSchema = lazySchema(() =>
  habit({ rows: z.array(ifHeldRowSchema), total: z.number() }),
);

export const habitsSchema = lazySchema(() =>
  z.object({
    disposition: dispositionHabitSchema,
    costs: costsHabitSchema,
    holding: holdingHabitSchema,
    drawdown: drawdownHabitSchema,
    activity: activityHabitSchema,
    ifHeld: ifHeldHabitSchema,
  }),
);
export type Habits = z.infer<typeof habitsSchema>;
export const habitsResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), data: habitsSchema }),
);

/** GET /api/insights/habits: the habits of one portfolio's open season (main when omitted). */
export const habitsQuerySchema = portfolioQuerySchema;
export type HabitsQuery = z.infer<typeof habitsQuerySchema>;
