import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Product, RefusalDetail } from '@nivesh/shared';
import type { AccountId } from '../account-id.js';
import { createdAt } from './columns.js';
import { cashAccounts } from './ledger.js';
import { users } from './users.js';

/**
 * One row per placement. (user_id, client_order_id) is unique, so a retried request finds the
 * first order instead of making a second one. Money columns are integer paise.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .$type<AccountId>()
      .notNull()
      .references(() => cashAccounts.id, { onDelete: 'cascade' }),
    clientOrderId: text('client_order_id').notNull(),
    symbol: text('symbol').notNull(),
    name: text('name').notNull(),
    side: text('side').notNull(),
    orderType: text('order_type').notNull(),
    quantity: integer('quantity').notNull(),
    limitPricePaise: bigint('limit_price_paise', { mode: 'bigint' }),
    /** STOP orders fire when the market reaches this price (BUY: at or above, SELL: at or below). */
    triggerPricePaise: bigint('trigger_price_paise', { mode: 'bigint' }),
    validity: text('validity').notNull().default('DAY'),
    /** CNC (delivery) or MIS (intraday); a sell draws only on the position of its product. */
    product: text('product').$type<Product>().notNull().default('CNC'),
    /** EQ (cash market) or FO (index options and futures, issue 28). */
    segment: text('segment').$type<'EQ' | 'FO'>().notNull().default('EQ'),
    status: text('status').notNull(),
    /** Why it was rejected, cancelled or expired, shown to the user. */
    statusReason: text('status_reason'),
    /** A placement refused by an order rule: its stable code, the rule in words and the one-click fix. */
    refusal: jsonb('refusal').$type<RefusalDetail>(),
    /** End of the session a DAY order belongs to; the matcher expires resting orders past it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    executionPricePaise: bigint('execution_price_paise', { mode: 'bigint' }),
    /** price × quantity of the fill; on a refused market order, quantity × the market price it was refused at. */
    tradeValuePaise: bigint('trade_value_paise', { mode: 'bigint' }),
    feesPaise: bigint('fees_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Cash moved by the fill: value + fees on a buy, value − fees on a sell. */
    totalPaise: bigint('total_paise', { mode: 'bigint' }),
    realizedPnlPaise: bigint('realized_pnl_paise', { mode: 'bigint' }),
    /** Cash (buy) or shares (sell) held back while a LIMIT order rests. */
    reservedPaise: bigint('reserved_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    reservedQuantity: integer('reserved_quantity').notNull().default(0),
    cancelReason: text('cancel_reason'),
    /**
     * The placement request as first received (orders.rules `requestFingerprint`). A retry is
     * matched against this, not the current columns, which PATCH may have changed since. Null on
     * orders placed before the column existed.
     */
    requestFingerprint: text('request_fingerprint'),
    /** The latest fill's receipt: one line saying why it got its price. */
    receipt: text('receipt'),
    createdAt: createdAt(),
    executedAt: timestamp('executed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_user_client_order_key').on(t.userId, t.clientOrderId),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_account_created_idx').on(t.accountId, t.createdAt),
    // The matcher scans only resting orders, so the index holds only them.
    index('orders_resting_idx')
      .on(t.symbol)
      .where(sql`${t.status} in ('PENDING', 'OPEN')`),
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    check('orders_reserved_non_negative', sql`${t.reservedPaise} >= 0 AND ${t.reservedQuantity} >= 0`),
    check('orders_product_known', sql`${t.product} IN ('CNC', 'MIS', 'NRML')`),
    check('orders_segment_known', sql`${t.segment} IN ('EQ', 'FO')`),
  ],
);

/** An execution of (part of) an order, with its contract-note fee lines. */
export const fills = pgTable(
  'fills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .$type<AccountId>()
      .notNull()
      .references(() => cashAccounts.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    side: text('side').notNull(),
    product: text('product').$type<Product>().notNull().default('CNC'),
    quantity: integer('quantity').notNull(),
    pricePaise: bigint('price_paise', { mode: 'bigint' }).notNull(),
    valuePaise: bigint('value_paise', { mode: 'bigint' }).notNull(),
    brokeragePaise: bigint('brokerage_paise', { mode: 'bigint' }).notNull(),
    exchangeChargePaise: bigint('exchange_charge_paise', { mode: 'bigint' }).notNull(),
    sttPaise: bigint('stt_paise', { mode: 'bigint' }).notNull(),
    gstPaise: bigint('gst_paise', { mode: 'bigint' }).notNull(),
    sebiFeePaise: bigint('sebi_fee_paise', { mode: 'bigint' }).notNull(),
    stampDutyPaise: bigint('stamp_duty_paise', { mode: 'bigint' }).notNull(),
    dpChargePaise: bigint('dp_charge_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    squareOffChargePaise: bigint('square_off_charge_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    feesPaise: bigint('fees_paise', { mode: 'bigint' }).notNull(),
    realizedPnlPaise: bigint('realized_pnl_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** One line saying why this fill got its price (fill-words `fillReceipt`); null before receipts. */
    receipt: text('receipt'),
    /** The IST date on the market clock when it filled: the date its charges were picked by. */
    tradeDate: date('trade_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('fills_order_idx').on(t.orderId),
    index('fills_user_symbol_idx').on(t.userId, t.symbol),
    index('fills_account_symbol_idx').on(t.accountId, t.symbol),
    check('fills_quantity_positive', sql`${t.quantity} > 0`),
    check('fills_product_known', sql`${t.product} IN ('CNC', 'MIS', 'NRML')`),
    // The DP charge is paid once per scrip per sell day, however many sells race.
    uniqueIndex('fills_dp_charge_once_per_day')
      .on(t.accountId, t.symbol, t.tradeDate)
      .where(sql`${t.dpChargePaise} > 0`),
  ],
);

/**
 * What a user holds of one symbol under one product (delivery and intraday are separate
 * positions); the row stays at quantity 0 to keep its realized P&L.
 */
export const positions = pgTable(
  'positions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .$type<AccountId>()
      .notNull()
      .references(() => cashAccounts.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    product: text('product').$type<Product>().notNull().default('CNC'),
    quantity: integer('quantity').notNull().default(0),
    reservedQuantity: integer('reserved_quantity').notNull().default(0),
    /** What the held shares cost, buy fees included, so avgPrice = cost / quantity includes fees. */
    costBasisPaise: bigint('cost_basis_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    realizedPnlPaise: bigint('realized_pnl_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.symbol, t.product] }),
    check('positions_product_known', sql`${t.product} IN ('CNC', 'MIS')`),
    check('positions_quantity_non_negative', sql`${t.quantity} >= 0`),
    check(
      'positions_reserved_within_quantity',
      sql`${t.reservedQuantity} >= 0 AND ${t.reservedQuantity} <= ${t.quantity}`,
    ),
    check('positions_cost_non_negative', sql`${t.costBasisPaise} >= 0`),
  ],
);
