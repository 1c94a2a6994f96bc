import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Who takes part in the leaderboard, under a display name (never the e-mail). The join-day
 * baseline (equity, and the flows and trades of that day before joining) lets the first day's
 * return count only from the moment of joining.
 */
export const leaderboardPlayers = pgTable(
  'leaderboard_players',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    /** Lower-cased display name: two players cannot differ only by case. */
    displayNameKey: text('display_name_key').notNull(),
    showHoldings: boolean('show_holdings').notNull().default(false),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    joinEquityPaise: bigint('join_equity_paise', { mode: 'bigint' }).notNull(),
    joinFlowPaise: bigint('join_flow_paise', { mode: 'bigint' }).notNull().default(0n),
    joinTrades: integer('join_trades').notNull().default(0),
    /** Any trade before joining already makes the player eligible; the season counts only later ones. */
    tradedBeforeJoin: boolean('traded_before_join').notNull().default(false),
  },
  (t) => [uniqueIndex('leaderboard_players_name_key').on(t.displayNameKey)],
);

/**
 * A player's equity per IST day since joining (end of day; today's is the latest seen), with the
 * outside cash that came in that day (rewards, and a reset's jump to the opening balance) and the
 * trades made. `carried_*` keep what a reset wiped from the trading history of that day.
 */
export const leaderboardDays = pgTable(
  'leaderboard_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    equityPaise: bigint('equity_paise', { mode: 'bigint' }).notNull(),
    flowPaise: bigint('flow_paise', { mode: 'bigint' }).notNull().default(0n),
    trades: integer('trades').notNull().default(0),
    carriedFlowPaise: bigint('carried_flow_paise', { mode: 'bigint' }).notNull().default(0n),
    carriedTrades: integer('carried_trades').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index('leaderboard_days_day_idx').on(t.day)],
);
