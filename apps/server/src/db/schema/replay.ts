import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ReplayScore } from '@nivesh/shared';
import { createdAt } from './columns.js';
import { portfolios } from './portfolios.js';
import { users } from './users.js';

/**
 * A user's replay of real past days (Replay Lab). The clock is not ticked by a timer: `clockMs` is
 * the market time when it was last stored and, while playing, `playingSince` the wall time from which
 * it advances by `speed` market seconds per second. `portfolioId` is the replay's own portfolio (kind
 * `replay`); `matchedToMs` the replay time its resting orders have been matched up to; `score` what
 * `finish` computed.
 */
export const replays = pgTable(
  'replays',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    portfolioId: uuid('portfolio_id').references(() => portfolios.id, { onDelete: 'set null' }),
    firstDay: date('first_day').notNull(),
    days: smallint('days').notNull(),
    blind: boolean('blind').notNull().default(false),
    speed: integer('speed').notNull(),
    status: text('status').notNull(),
    clockMs: bigint('clock_ms', { mode: 'number' }).notNull(),
    matchedToMs: bigint('matched_to_ms', { mode: 'number' }),
    score: jsonb('score').$type<ReplayScore>(),
    playingSince: timestamp('playing_since', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('replays_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('replays_portfolio_idx').on(t.portfolioId),
  ],
);
