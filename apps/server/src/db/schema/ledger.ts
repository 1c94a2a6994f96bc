import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './users.js';

export const cashAccounts = pgTable(
  'cash_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balancePaise: bigint('balance_paise', { mode: 'bigint' }).notNull(),
    reservedPaise: bigint('reserved_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('cash_accounts_balance_non_negative', sql`${t.balancePaise} >= 0`),
    check(
      'cash_accounts_reserved_within_balance',
      sql`${t.reservedPaise} >= 0 AND ${t.reservedPaise} <= ${t.balancePaise}`,
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
    kind: text('kind').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'bigint' }).notNull(),
    balanceAfterPaise: bigint('balance_after_paise', { mode: 'bigint' }).notNull(),
    description: text('description').notNull(),
    /** The order a trade or fee entry belongs to; null for bonuses and the opening balance. */
    orderId: uuid('order_id'),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_entries_user_idx').on(t.userId, t.id)],
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
