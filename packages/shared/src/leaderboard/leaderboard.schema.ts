import { z } from 'zod';
import { lazySchema } from '../lib/lazy-schema.js';

export const LEADERBOARD_SEASONS = ['week', 'month', 'all'] as const;
export type LeaderboardSeason = (typeof LEADERBOARD_SEASONS)[number];
export const LEADERBOARD_PAGE_SIZE = 20;

export const DISPLAY_NAME_MESSAGE =
  'Display name must be 3 to 24 letters, digits, spaces, dots, hyphens or underscores';
/**
 * A pseudonym: letters and digits of any script, with single inner spaces, dots, hyphens and
 * underscores. No "@", so an e-mail address can never be a display name; the pattern also keeps
 * out NUL, control characters and lone surrogates.
 */
const DISPLAY_NAME_PATTERN = /^[\p{L}\p{N}](?:[\p{L}\p{N}._-]| (?! ))*[\p{L}\p{N}]$/u;

export const displayNameField = lazySchema(() =>
  z
    .string({ error: DISPLAY_NAME_MESSAGE })
    .trim()
    .min(3, DISPLAY_NAME_MESSAGE)
    .max(24, DISPLAY_NAME_MESSAGE)
    .regex(DISPLAY_NAME_PATTERN, DISPLAY_NAME_MESSAGE),
);

export const joinLeaderboardRequestSchema = lazySchema(() =>
  z.object({
    displayName: displayNameField,
    /** Whether other players may see which stocks this player holds; hidden unless chosen. */
    showHoldings: z.boolean({ error: 'showHoldings must be true or false' }).default(false),
  }),
);
export type JoinLeaderboardRequest = z.infer<typeof joinLeaderboardRequestSchema>;

export const leaderboardQuerySchema = lazySchema(() =>
  z.object({
    season: z.enum(LEADERBOARD_SEASONS, { error: 'Season must be week, month or all' }).default('week'),
    page: z.coerce
      .number({ error: 'Page must be a whole number from 1' })
      .int('Page must be a whole number from 1')
      .min(1, 'Page must be a whole number from 1')
      .max(100_000)
      .default(1),
  }),
);
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

export const leaderboardRowSchema = lazySchema(() =>
  z.object({
    rank: z.number().int(),
    displayName: z.string(),
    /** Time-weighted return since the season began (or since joining, if later), in percent. */
    returnPercent: z.number(),
    maxDrawdownPercent: z.number(),
    trades: z.number().int(),
    daysActive: z.number().int(),
    /** Symbols and quantities held, only for players who chose to show them; else null. */
    holdings: z.array(z.object({ symbol: z.string(), quantity: z.number().int() })).nullable(),
    isYou: z.boolean(),
  }),
);
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;

export const leaderboardSchema = lazySchema(() =>
  z.object({
    season: z.enum(LEADERBOARD_SEASONS),
    /** IST dates; null for all-time. */
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    rows: z.array(leaderboardRowSchema),
    page: z.number().int(),
    totalPages: z.number().int(),
    /** Ranked players: joined, with at least one trade. */
    totalPlayers: z.number().int(),
    you: z.object({
      joined: z.boolean(),
      displayName: z.string().nullable(),
      showHoldings: z.boolean(),
      joinedAt: z.string().nullable(),
      /** Your row wherever you rank; null until you have joined and traded once. */
      row: leaderboardRowSchema.nullable(),
    }),
  }),
);
export type Leaderboard = z.infer<typeof leaderboardSchema>;
export const leaderboardResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), data: leaderboardSchema }),
);
export type LeaderboardResponse = z.infer<typeof leaderboardResponseSchema>;
