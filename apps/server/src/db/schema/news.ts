import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './users.js';

/** News from the three sources (archive, feeds, market desk); `dedupe_key` keeps each item once across instances. */
export const newsArticles = pgTable(
  'news_articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: the search index catches up by reading rows past the last one it saw. */
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    origin: text('origin').notNull(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    content: text('content'),
    figures: jsonb('figures')
      .$type<{ symbol: string; label: string; value: string }[]>()
      .notNull()
      .default([]),
    category: text('category').notNull(),
    source: text('source').notNull(),
    author: text('author'),
    url: text('url'),
    imageUrl: text('image_url'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    symbols: text('symbols')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tone: text('tone').notNull(),
    toneWords: text('tone_words')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    index('news_articles_published_idx').on(t.publishedAt),
    check('news_articles_origin_check', sql`${t.origin} in ('archive', 'feed', 'desk')`),
  ],
);

export const newsBookmarks = pgTable(
  'news_bookmarks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    articleId: uuid('article_id')
      .notNull()
      .references(() => newsArticles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.articleId] }),
    index('news_bookmarks_article_idx').on(t.articleId),
  ],
);

/** One row per reader and article, with the latest read: "most read this week" counts readers. */
export const newsReads = pgTable(
  'news_reads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    articleId: uuid('article_id')
      .notNull()
      .references(() => newsArticles.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.articleId] }), index('news_reads_article_idx').on(t.articleId)],
);

/** Per configured feed: failures so far and when it may be polled again (back-off). */
export const newsFeedState = pgTable('news_feed_state', {
  url: text('url').primaryKey(),
  failures: integer('failures').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
  lastError: text('last_error'),
});
