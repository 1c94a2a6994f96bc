import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
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
import type { AccountId } from '../account-id.js';
import { createdAt } from './columns.js';
import { cashAccounts } from './ledger.js';
import { users } from './users.js';

/**
 * A derivative position (issue 28): signed units, shorts negative. The row stays at quantity 0 to
 * keep its realised P&L; `settledQuantity` is what expiry settlement closed (signed like quantity),
 * so quantity = Σ signed fills − settledQuantity.
 */
export const foPositions = pgTable(
  'fo_positions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .$type<AccountId>()
      .notNull()
      .references(() => cashAccounts.id, { onDelete: 'cascade' }),
    tradingsymbol: text('tradingsymbol').notNull(),
    product: text('product').$type<'NRML' | 'MIS'>().notNull(),
    quantity: integer('quantity').notNull().default(0),
    averagePricePaise: bigint('average_price_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    realizedPnlPaise: bigint('realized_pnl_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    settledQuantity: integer('settled_quantity').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'fo_positions_pk', columns: [t.accountId, t.tradingsymbol, t.product] }),
    check('fo_positions_product_known', sql`${t.product} IN ('NRML', 'MIS')`),
    index('fo_positions_open_idx')
      .on(t.tradingsymbol)
      .where(sql`${t.quantity} <> 0`),
  ],
);

/** One expiry settlement of one position: its unique key makes the settlement run once. */
export const foSettlements = pgTable(
  'fo_settlements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    accountId: uuid('account_id')
      .$type<AccountId>()
      .notNull()
      .references(() => cashAccounts.id, { onDelete: 'cascade' }),
    tradingsymbol: text('tradingsymbol').notNull(),
    product: text('product').notNull(),
    expiry: date('expiry', { mode: 'string' }).notNull(),
    quantity: integer('quantity').notNull(),
    settlePricePaise: bigint('settle_price_paise', { mode: 'bigint' }).notNull(),
    amountPaise: bigint('amount_paise', { mode: 'bigint' }).notNull(),
    sttPaise: bigint('stt_paise', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('fo_settlements_once').on(t.accountId, t.tradingsymbol, t.product, t.expiry)],
);
