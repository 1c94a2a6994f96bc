import { bigint, date, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import type { AccountId } from '../account-id.js';
import { createdAt } from './columns.js';
import { cashAccounts } from './ledger.js';
import { users } from './users.js';

/** Portfolio value at the end of each IST day (cash + holdings at that day's close). */
export const equitySnapshots = pgTable(
  'equity_snapshots',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .$type<AccountId>()
      .notNull()
      .references(() => cashAccounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    equityPaise: bigint('equity_paise', { mode: 'bigint' }).notNull(),
    cashPaise: bigint('cash_paise', { mode: 'bigint' }).notNull(),
    holdingsPaise: bigint('holdings_paise', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);
