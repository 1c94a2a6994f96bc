import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per background job that exactly one instance runs (order matcher, alert checks, news
 * poller): who holds it until when, by the database's clock, and the last round it completed.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** When the holder took the lease over (unchanged by its renewals). */
  acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull(),
  /** The last completed round's own clock (the market clock its between-two-times checks use). */
  lastRoundAt: timestamp('last_round_at', { withTimezone: true }),
  /** The database's clock when that round began reading: rows changed after it were not seen by it. */
  lastRoundDbAt: timestamp('last_round_db_at', { withTimezone: true }),
});
