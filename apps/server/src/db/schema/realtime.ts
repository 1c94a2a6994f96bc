import { bigserial, customType, index, pgTable, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * The PostgreSQL socket.io adapter's (REALTIME_ADAPTER=postgres) store for an event too large for
 * NOTIFY's 8000 bytes: the sender writes it here and notifies its id; each instance deletes rows
 * older than 30 s. The adapter owns the names and columns (@socket.io/postgres-adapter's default).
 */
export const socketIoAttachments = pgTable(
  'socket_io_attachments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    payload: bytea('payload').notNull(),
  },
  (t) => [index('socket_io_attachments_created_at_idx').on(t.createdAt)],
);
