import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  ip: text('ip').notNull().default(''),
  createdAt: createdAt(),
});
