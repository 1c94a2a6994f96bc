import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AccountId } from '../account-id.js';
import { createdAt } from './columns.js';
import { cashAccounts } from './ledger.js';
import { users } from './users.js';

/**
 * A user's price alert. `levelHundredths` is the level in hundredths of the watched unit: paise for
 * a price, hundredths of a percent for the day's change, hundredths of a share for the day's volume.
 * `armedAt` is the market time from which the alert watches (creation, an edit, a resume): a crossing
 * before it never fires it.
 */
export const priceAlerts = pgTable(
  'price_alerts',
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
    watch: text('watch').notNull(),
    condition: text('condition').notNull(),
    levelHundredths: bigint('level_hundredths', { mode: 'bigint' }).notNull(),
    frequency: text('frequency').notNull(),
    cooldownSeconds: integer('cooldown_seconds').notNull(),
    note: text('note'),
    status: text('status').notNull(),
    statusReason: text('status_reason'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    armedAt: timestamp('armed_at', { withTimezone: true }).notNull(),
    lastFiredAt: timestamp('last_fired_at', { withTimezone: true }),
    fireCount: integer('fire_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('price_alerts_user_created_idx').on(t.userId, t.createdAt),
    index('price_alerts_account_created_idx').on(t.accountId, t.createdAt),
    // The evaluator scans only active alerts.
    index('price_alerts_active_idx')
      .on(t.symbol)
      .where(sql`${t.status} = 'ACTIVE'`),
  ],
);

/** Each time an alert fired: when (the tick's market time) and the value it saw. */
export const priceAlertFirings = pgTable(
  'price_alert_firings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => priceAlerts.id, { onDelete: 'cascade' }),
    firedAt: timestamp('fired_at', { withTimezone: true }).notNull(),
    valueHundredths: bigint('value_hundredths', { mode: 'bigint' }).notNull(),
    pricePaise: bigint('price_paise', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('price_alert_firings_alert_fired_idx').on(t.alertId, t.firedAt)],
);
