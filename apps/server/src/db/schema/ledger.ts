import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AccountId } from '../account-id.js';
import { createdAt } from './columns.js';
import { portfolios } from './portfolios.js';
import { users } from './users.js';

/** What a season ended on, recorded when a reset closes it (rupee figures, glossary names). */
export interface SeasonFinalFigures {
  totalValue: number;
  availableCash: number;
  totalPnl: number;
  realisedPnl: number;
  chargesPaid: number;
  trades: number;
}

/**
 * One money account per portfolio season: every money row points at one by `account_id`, so the
 * invariants hold per account and a reset (a new season) opens a fresh row, leaving the closed one
 * and its rows as they were. `closedAt` set = a closed, read-only season.
 */
export const cashAccounts = pgTable(
  'cash_accounts',
  {
    id: uuid('id').$type<AccountId>().primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    season: integer('season').notNull().default(1),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    finalFigures: jsonb('final_figures').$type<SeasonFinalFigures>(),
    balancePaise: bigint('balance_paise', { mode: 'bigint' }).notNull(),
    reservedPaise: bigint('reserved_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The part of reservedPaise blocked as F&O margin by open derivative positions (issue 28). */
    foMarginPaise: bigint('fo_margin_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cash_accounts_portfolio_season_key').on(t.portfolioId, t.season),
    index('cash_accounts_user_idx').on(t.userId),
    check('cash_accounts_balance_non_negative', sql`${t.balancePaise} >= 0`),
    check(
      'cash_accounts_reserved_within_balance',
      sql`${t.reservedPaise} >= 0 AND ${t.reservedPaise} <= ${t.balancePaise}`,
    ),
    check(
      'cash_accounts_fo_margin_within_reserved',
      sql`${t.foMarginPaise} >= 0 AND ${t.foMarginPaise} <= ${t.reservedPaise}`,
    ),
  ],
);

/** Immutable: every cash movement is one row, and balance_after is the running balance. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .$type<AccountId>()
      .notNull()
      .references(() => cashAccounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'bigint' }).notNull(),
    balanceAfterPaise: bigint('balance_after_paise', { mode: 'bigint' }).notNull(),
    description: text('description').notNull(),
    /** The order a trade or fee entry belongs to; null for bonuses and the opening balance. */
    orderId: uuid('order_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_user_idx').on(t.userId, t.id),
    index('ledger_entries_account_idx').on(t.accountId, t.id),
  ],
);

/** One row per user once they first claim; the IST date makes "once per day" a row-lock check. */
export const dailyRewards = pgTable('daily_rewards', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** IST calendar date of the last claim. */
  lastClaimDate: date('last_claim_date', { mode: 'string' }).notNull(),
  streak: integer('streak').notNull(),
  totalRewardsPaise: bigint('total_rewards_paise', { mode: 'bigint' }).notNull(),
  lastClaimedAt: timestamp('last_claimed_at', { withTimezone: true }).notNull().defaultNow(),
});
