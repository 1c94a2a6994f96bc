import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  doublePrecision,
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
import type { ClassMemberStatus, ClassRules } from '@nivesh/shared';
import type { AccountId } from '../account-id.js';
import { createdAt } from './columns.js';
import { cashAccounts } from './ledger.js';
import { orders } from './orders.js';
import { portfolios } from './portfolios.js';
import { users } from './users.js';

/**
 * A teacher's class (issue 26). Students join with `inviteCode` and trade a `class` portfolio
 * opened with `startingCashPaise`, under `rules` (the zod ClassRules, validated on the way in).
 */
export const classes = pgTable(
  'classes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startingCashPaise: bigint('starting_cash_paise', { mode: 'bigint' }).notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    rules: jsonb('rules').$type<ClassRules>().notNull(),
    inviteCode: text('invite_code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('classes_invite_code_key').on(t.inviteCode),
    index('classes_teacher_idx').on(t.teacherId),
    check('classes_invite_code_length', sql`length(${t.inviteCode}) >= 6`),
    check('classes_dates_ordered', sql`${t.endDate} >= ${t.startDate}`),
    check('classes_starting_cash_positive', sql`${t.startingCashPaise} > 0`),
  ],
);

/**
 * A student of a class and their class portfolio (one season: a class portfolio is never reset).
 * Removing a student keeps the row (`removed`) and closes the portfolio's account read-only.
 */
export const classMembers = pgTable(
  'class_members',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .$type<AccountId>()
      .notNull()
      .references(() => cashAccounts.id, { onDelete: 'cascade' }),
    status: text('status').$type<ClassMemberStatus>().notNull().default('active'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.userId] }),
    index('class_members_user_idx').on(t.userId),
    uniqueIndex('class_members_account_key').on(t.accountId),
    check('class_members_status_known', sql`${t.status} IN ('active', 'removed')`),
  ],
);

/** The standings job's last figures per student (read by the class leaderboard and report). */
export const classStandings = pgTable(
  'class_standings',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    twr: doublePrecision('twr').notNull(),
    maxDrawdown: doublePrecision('max_drawdown').notNull(),
    score: doublePrecision('score').notNull(),
    trades: integer('trades').notNull(),
    notes: integer('notes').notNull(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.userId] })],
);

/** Every order a class rule refused, for the teacher's report. */
export const classRuleRefusals = pgTable(
  'class_rule_refusals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rule: text('rule').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('class_rule_refusals_class_idx').on(t.classId, t.userId)],
);

/**
 * A trade note sent with an order that did not fill at once: the standings job journals it
 * (linked to the fill) once the order fills, then deletes the row.
 */
export const pendingTradeNotes = pgTable('pending_trade_notes', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id')
    .$type<AccountId>()
    .notNull()
    .references(() => cashAccounts.id, { onDelete: 'cascade' }),
  note: text('note').notNull(),
  createdAt: createdAt(),
});
