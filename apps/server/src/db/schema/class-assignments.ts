import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AssignmentKind } from '@nivesh/shared';
import type { AccountId } from '../account-id.js';
import { createdAt } from './columns.js';
import { classes } from './classes.js';
import { cashAccounts } from './ledger.js';
import { users } from './users.js';

/** A teacher's assignment in a class (issue 26): a kind and its N. */
export const classAssignments = pgTable(
  'class_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AssignmentKind>().notNull(),
    count: integer('count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('class_assignments_class_idx').on(t.classId, t.createdAt),
    check('class_assignments_count_positive', sql`${t.count} > 0`),
    check(
      'class_assignments_kind_known',
      sql`${t.kind} IN ('limit_orders', 'sectors', 'gtt_stop_target', 'trade_review')`,
    ),
  ],
);

/** When a student was first seen meeting an assignment: done stays done. */
export const classAssignmentCompletions = pgTable(
  'class_assignment_completions',
  {
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => classAssignments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.userId] })],
);

/**
 * A weekly deposit paid into a student's class portfolio: the key (class, student, week) makes each
 * week's deposit happen once, however many instances run the job.
 */
export const classDeposits = pgTable(
  'class_deposits',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 = the class's second week (the first is the starting cash). */
    week: integer('week').notNull(),
    accountId: uuid('account_id')
      .$type<AccountId>()
      .notNull()
      .references(() => cashAccounts.id, { onDelete: 'cascade' }),
    amountPaise: bigint('amount_paise', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.userId, t.week] }),
    check('class_deposits_week_positive', sql`${t.week} > 0`),
    check('class_deposits_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);
