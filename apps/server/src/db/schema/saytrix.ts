import {
  foreignKey,
  bigserial,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './users.js';

/** A Saytrix conversation: its id is the client's, scoped by user; `context` carries the last turn's subject. */
export const saytrixSessions = pgTable(
  'saytrix_sessions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] })],
);

export const saytrixMessages = pgTable(
  'saytrix_messages',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: uuid('user_id').notNull(),
    sessionId: text('session_id').notNull(),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull(),
    source: text('source').$type<'text' | 'voice'>(),
    reply: jsonb('reply').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'saytrix_messages_session_fk',
      columns: [t.userId, t.sessionId],
      foreignColumns: [saytrixSessions.userId, saytrixSessions.id],
    }).onDelete('cascade'),
    index('saytrix_messages_session_idx').on(t.userId, t.sessionId, t.id),
  ],
);
