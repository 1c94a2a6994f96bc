import { z } from 'zod';
import { safeString } from '../lib/safe-string.js';
import { replayScoreSchema } from './replay-portfolio.schema.js';
import { lazySchema } from '../lib/lazy-schema.js';

/**
 * The Replay Lab (issue 25 §2): a real past day (or a few) of the bundled market, traded on its own
 * clock. The clock starts at the first day's 09:15 IST open and advances by `speed` market seconds
 * per wall-clock second while playing; step and seek move it forward only.
 */
export const REPLAY_MAX_DAYS = 5;
export const REPLAY_MAX_SPEED = 600;
/** Replays not yet finished, per user: each holds a portfolio, so their number is bounded. */
export const MAX_OPEN_REPLAYS = 10;
export const OPEN_REPLAYS_LIMIT_MESSAGE = `You have ${MAX_OPEN_REPLAYS} replays still open: finish one to start another`;
/** The answer of a route that values a portfolio at today's prices, asked about a replay's portfolio. */
export const REPLAY_VALUED_ELSEWHERE_MESSAGE =
  "A replay's portfolio is valued at its replay's clock and prices: read it with GET /api/replays/{id}/portfolio";
export const REPLAY_STATUSES = ['paused', 'playing', 'finished'] as const;
export const replayStatusSchema = lazySchema(() => z.enum(REPLAY_STATUSES));
export type ReplayStatus = z.infer<typeof replayStatusSchema>;

export const replayIdSchema = lazySchema(() => safeString().uuid('Replay not found'));
export const replayIdParamsSchema = lazySchema(() => z.object({ id: replayIdSchema }));

export const createReplayRequestSchema = lazySchema(() =>
  z.object({
    date: safeString({ error: 'Date is required (YYYY-MM-DD)' }).regex(
      /^\d{4}-\d{2}-\d{2}$/,
      'Date must be a day in the form YYYY-MM-DD',
    ),
    days: z
      .number({ error: 'Days must be a whole number from 1 to 5' })
      .int('Days must be a whole number from 1 to 5')
      .min(1, 'Days must be a whole number from 1 to 5')
      .max(REPLAY_MAX_DAYS, 'Days must be a whole number from 1 to 5')
      .default(1),
    blind: z.boolean({ error: 'Blind must be true or false' }).default(false),
    speed: z
      .number({ error: `Speed must be a number from 1 to ${REPLAY_MAX_SPEED}` })
      .int(`Speed must be a whole number from 1 to ${REPLAY_MAX_SPEED}`)
      .min(1, `Speed must be from 1 to ${REPLAY_MAX_SPEED}`)
      .max(REPLAY_MAX_SPEED, `Speed must be from 1 to ${REPLAY_MAX_SPEED}`)
      .default(60),
  }),
);
export type CreateReplayRequest = z.infer<typeof createReplayRequestSchema>;

export const stepReplayRequestSchema = lazySchema(() =>
  z.object({
    minutes: z
      .number({ error: 'Minutes must be a whole number from 1 to 1440' })
      .int('Minutes must be a whole number from 1 to 1440')
      .min(1, 'Minutes must be a whole number from 1 to 1440')
      .max(1440, 'Minutes must be a whole number from 1 to 1440'),
  }),
);

export const seekReplayRequestSchema = lazySchema(() =>
  z.object({
    time: safeString({ error: 'Time is required (ISO date-time)' }).datetime({
      offset: true,
      message: 'Time must be an ISO date-time, e.g. 2024-06-04T10:30:00+05:30',
    }),
  }),
);

export const replaySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    status: replayStatusSchema,
    blind: z.boolean(),
    speed: z.number(),
    days: z.number().int(),
    /** The replay's market time (ISO). In blind mode it is on a stand-in calendar (see `calendar`). */
    clock: z.string(),
    /** The real trading days replayed, 'YYYY-MM-DD'; null while blind. */
    dates: z.array(z.string()).nullable(),
    /** Where the session ends (ISO, same calendar as clock): the last day's 15:30 IST close. */
    endsAt: z.string(),
    /** 'real', or 'stand-in' while blind: times are moved by whole weeks so weekdays and hours stay true. */
    calendar: z.enum(['real', 'stand-in']),
    /** Prices are the bundle's split/bonus-adjusted ones, not the prints of the day. */
    pricesNote: z.string(),
    /** Set while a market-wide circuit breaker halt holds the replay's market. */
    marketHalt: z
      .object({
        phase: z.enum(['halt', 'pre-open']),
        message: z.string(),
        reopensAt: z.string().nullable(),
      })
      .nullable(),
    /** The replay's own portfolio (kind `replay`); null only for replays made before it existed. */
    portfolioId: z.string().nullable(),
    /** Set once finished: what the replay scored (see replayScoreSchema). */
    score: replayScoreSchema.nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  }),
);
export type Replay = z.infer<typeof replaySchema>;

export const replayResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), data: replaySchema }),
);

export const drillSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    /** The event's date; `replayDate` is the bundled trading day a replay of it opens (null: none). */
    date: z.string(),
    replayDate: z.string().nullable(),
    days: z.number().int(),
    kind: z.enum(['event', 'calm']),
    briefing: z.string(),
    watch: z.array(z.string()),
    /** The figures the briefing quotes from the bundle (NIFTY 50 of the replay day). */
    nifty: z
      .object({
        previousClose: z.number(),
        open: z.number(),
        high: z.number(),
        low: z.number(),
        close: z.number(),
      })
      .nullable(),
    sources: z.array(z.string()),
  }),
);
export type Drill = z.infer<typeof drillSchema>;
export const drillsResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), data: z.array(drillSchema) }),
);
