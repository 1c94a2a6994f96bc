import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PortfolioKind } from '@nivesh/shared';
import { createdAt } from './columns.js';
import { users } from './users.js';

/**
 * A user's named portfolio (issue 25). Its money lives in one cash account per season
 * (cash_accounts.portfolio_id, season); `season` here is the one now open, and a reset opens the
 * next. Each user has exactly one `main`.
 */
export const portfolios = pgTable(
  'portfolios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').$type<PortfolioKind>().notNull(),
    season: integer('season').notNull().default(1),
    startingCashPaise: bigint('starting_cash_paise', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('portfolios_one_main_per_user')
      .on(t.userId)
      .where(sql`${t.kind} = 'main'`),
    index('portfolios_user_idx').on(t.userId, t.createdAt),
    check('portfolios_kind_known', sql`${t.kind} IN ('main', 'custom', 'replay', 'class', 'agent')`),
    check('portfolios_season_positive', sql`${t.season} > 0`),
    check('portfolios_starting_cash_positive', sql`${t.startingCashPaise} > 0`),
  ],
);
