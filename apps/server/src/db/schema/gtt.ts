import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AccountId } from '../account-id.js';
import { createdAt } from './columns.js';
import { cashAccounts } from './ledger.js';
import { users } from './users.js';

/**
 * A user's GTT (good till triggered): one row for a single trigger or a two-leg OCO, so firing one
 * leg and ending the other is one update of one row. Prices are paise. `referencePricePaise` is the
 * last price when the legs were set: a leg above it fires on a rise to its trigger, below on a fall.
 * `armedAt` is the market time from which it watches (creation or the last modify).
 *
 * Firing is claim-then-place: the evaluator first moves the row to TRIGGERED with the leg and the
 * order's client id (only one claim can win), then places the order under that id, which is
 * idempotent, so a crash between the two is repaired by placing again with the same id.
 */
export const gttTriggers = pgTable(
  'gtt_triggers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .$type<AccountId>()
      .notNull()
      .references(() => cashAccounts.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    side: text('side').notNull(),
    product: text('product').notNull().default('CNC'),
    quantity: integer('quantity').notNull(),
    leg1TriggerPaise: bigint('leg1_trigger_paise', { mode: 'bigint' }).notNull(),
    leg1LimitPaise: bigint('leg1_limit_paise', { mode: 'bigint' }).notNull(),
    leg2TriggerPaise: bigint('leg2_trigger_paise', { mode: 'bigint' }),
    leg2LimitPaise: bigint('leg2_limit_paise', { mode: 'bigint' }),
    referencePricePaise: bigint('reference_price_paise', { mode: 'bigint' }).notNull(),
    status: text('status').notNull(),
    statusReason: text('status_reason'),
    triggeredLeg: smallint('triggered_leg'),
    triggeredAt: timestamp('triggered_at', { withTimezone: true }),
    triggeredPricePaise: bigint('triggered_price_paise', { mode: 'bigint' }),
    clientOrderId: text('client_order_id'),
    orderId: uuid('order_id'),
    armedAt: timestamp('armed_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('gtt_triggers_user_created_idx').on(t.userId, t.createdAt),
    index('gtt_triggers_account_created_idx').on(t.accountId, t.createdAt),
    // The evaluator scans only active GTTs, and those claimed but not yet placed.
    index('gtt_triggers_active_idx')
      .on(t.symbol)
      .where(sql`${t.status} = 'ACTIVE'`),
    index('gtt_triggers_unplaced_idx')
      .on(t.triggeredAt)
      .where(sql`${t.status} = 'TRIGGERED' AND ${t.orderId} IS NULL`),
    check(
      'gtt_triggers_kind_legs',
      sql`(${t.kind} = 'single' AND ${t.leg2TriggerPaise} IS NULL AND ${t.leg2LimitPaise} IS NULL) OR (${t.kind} = 'oco' AND ${t.leg2TriggerPaise} IS NOT NULL AND ${t.leg2LimitPaise} IS NOT NULL)`,
    ),
    check('gtt_triggers_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'gtt_triggers_prices_positive',
      sql`${t.leg1TriggerPaise} > 0 AND ${t.leg1LimitPaise} > 0 AND ${t.referencePricePaise} > 0`,
    ),
  ],
);
