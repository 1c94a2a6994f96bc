import { z } from 'zod';
import { portfolioIdSchema } from '../portfolios/portfolio.schema.js';
import { lazySchema } from '../lib/lazy-schema.js';

/** ₹100 a day, once per IST calendar day. */
export const DAILY_REWARD_PAISE = 10_000n;
export const REWARD_CLAIMED_MESSAGE = 'Daily reward claimed! +₹100';
export const REWARD_ALREADY_CLAIMED_MESSAGE = 'Daily reward already claimed today!';

export const dailyRewardStatusSchema = lazySchema(() =>
  z.object({
    /** IST calendar date (YYYY-MM-DD) of the last claim. */
    lastClaimDate: z.string().nullable(),
    loginStreak: z.number().int(),
    totalRewards: z.number(),
    claimedToday: z.boolean(),
    /** When the next claim opens: the next IST midnight after a claim today, else now. */
    nextRewardAvailable: z.string(),
    amount: z.number(),
  }),
);
export type DailyRewardStatus = z.infer<typeof dailyRewardStatusSchema>;
export const dailyRewardStatusResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: dailyRewardStatusSchema,
  }),
);

/** POST /api/virtual-money/login-reward: 200 either way; `reward.awarded` says whether cash moved. */
export const loginRewardResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    reward: z.object({
      awarded: z.boolean(),
      amount: z.number(),
      streak: z.number().int(),
      totalRewards: z.number(),
    }),
    data: dailyRewardStatusSchema,
  }),
);
export type LoginRewardResponse = z.infer<typeof loginRewardResponseSchema>;

/** Settings → Reset virtual account; the literal makes an accidental call impossible. */
export const RESET_CONFIRMATION = 'RESET';
export const resetAccountRequestSchema = lazySchema(() =>
  z.object({
    confirm: z.literal(RESET_CONFIRMATION, { error: `Type ${RESET_CONFIRMATION} to confirm` }),
  }),
);
export const resetAccountResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), message: z.string() }),
);

/** Portfolio value against NIFTY 50, one point per IST day from the daily equity snapshots. */
export const PERFORMANCE_RANGES = ['1W', '1M', '1Y', 'ALL'] as const;
export type PerformanceRange = (typeof PERFORMANCE_RANGES)[number];
export const performanceQuerySchema = lazySchema(() =>
  z.object({
    range: z.enum(PERFORMANCE_RANGES).default('1M'),
    /** The portfolio it is about (issue 25); omitted means the user's main portfolio. */
    portfolioId: portfolioIdSchema.optional(),
  }),
);
export const performancePointSchema = lazySchema(() =>
  z.object({
    date: z.string(),
    /** Cash + holdings at that day's close (today: live). */
    portfolioValue: z.number(),
    /** NIFTY 50 close that day (today: live); null when the index has no value for the day. */
    nifty: z.number().nullable(),
  }),
);
export const performanceResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: z.object({
      range: z.enum(PERFORMANCE_RANGES),
      points: z.array(performancePointSchema),
      /** Percent change over the range, first point to last; null with fewer than two points. */
      portfolioReturn: z.number().nullable(),
      niftyReturn: z.number().nullable(),
    }),
  }),
);
export type PerformanceData = z.infer<typeof performanceResponseSchema>['data'];

export const ACHIEVEMENT_IDS = [
  'first-trade',
  'portfolio-builder',
  'profit-maker',
  'active-trader',
  'market-expert',
  'long-term-investor',
] as const;
export const achievementSchema = lazySchema(() =>
  z.object({
    id: z.enum(ACHIEVEMENT_IDS),
    title: z.string(),
    description: z.string(),
    earned: z.boolean(),
    /** e.g. "3 / 10 trades"; what is left to earn it. */
    progress: z.string(),
  }),
);
export type Achievement = z.infer<typeof achievementSchema>;

/** Profile → Trading Performance (four stats) and Achievements, from the user's own fills. */
export const tradingStatsSchema = lazySchema(() =>
  z.object({
    totalTrades: z.number().int(),
    /** Profitable closing sells / all closing sells × 100, one decimal; null before the first sell. */
    winRate: z.number().nullable(),
    realizedPnL: z.number(),
    /** The most profitable sell; null until a sell has made a profit (a loss is never "best"). */
    bestTrade: z.object({ symbol: z.string(), pnl: z.number(), date: z.string() }).nullable(),
    achievements: z.array(achievementSchema),
  }),
);
export type TradingStats = z.infer<typeof tradingStatsSchema>;
export const tradingStatsResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), data: tradingStatsSchema }),
);
