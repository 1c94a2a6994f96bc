import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AccountId } from '../account-id.js';
import { createdAt } from './columns.js';
import { fills } from './orders.js';
import { cashAccounts } from './ledger.js';
import { users } from './users.js';

/**
 * The trade journal (/trades). Prices are in minor units of the entry's currency (paise, or cents
 * for US tickers). A linked fill supplies the ledger's P&L; it is set null if the fill goes (an
 * account reset deletes orders and their fills), and one fill is journaled at most once.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .$type<AccountId>()
      .notNull()
      .references(() => cashAccounts.id, { onDelete: 'cascade' }),
    ticker: text('ticker').notNull(),
    currency: text('currency').notNull().default('INR'),
    quantity: integer('quantity').notNull(),
    priceMinor: bigint('price_minor', { mode: 'bigint' }).notNull(),
    type: text('type').notNull(),
    fillId: uuid('fill_id').references(() => fills.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    setup: text('setup'),
    stopMinor: bigint('stop_minor', { mode: 'bigint' }),
    targetMinor: bigint('target_minor', { mode: 'bigint' }),
    confidence: smallint('confidence'),
    review: text('review').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('journal_entries_user_created_idx').on(t.userId, t.createdAt),
    index('journal_entries_account_created_idx').on(t.accountId, t.createdAt),
    uniqueIndex('journal_entries_fill_key')
      .on(t.fillId)
      .where(sql`${t.fillId} IS NOT NULL`),
    check('journal_entries_quantity_positive', sql`${t.quantity} > 0`),
    check('journal_entries_price_positive', sql`${t.priceMinor} > 0`),
    check('journal_entries_stop_positive', sql`${t.stopMinor} IS NULL OR ${t.stopMinor} > 0`),
    check('journal_entries_target_positive', sql`${t.targetMinor} IS NULL OR ${t.targetMinor} > 0`),
    check('journal_entries_type', sql`${t.type} in ('BUY', 'SELL')`),
    check(
      'journal_entries_confidence_range',
      sql`${t.confidence} IS NULL OR ${t.confidence} BETWEEN 1 AND 5`,
    ),
  ],
);
