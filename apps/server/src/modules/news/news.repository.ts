import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { newsArticles, newsBookmarks, newsFeedState, newsReads } from '../../db/schema/news.js';
import { positions } from '../../db/schema/orders.js';
import { watchlistItems, watchlists } from '../../db/schema/watchlists.js';
import { notifications } from '../../db/schema/notifications.js';

export type NewsInsert = typeof newsArticles.$inferInsert;

/** One article as the API needs it; counts and the caller's bookmark come with it. */
export interface NewsRow {
  id: string;
  seq: string;
  origin: 'archive' | 'feed' | 'desk';
  title: string;
  summary: string;
  content: string | null;
  figures: { symbol: string; label: string; value: string }[] | string;
  category: string;
  source: string;
  author: string | null;
  url: string | null;
  image_url: string | null;
  published_at: string | Date;
  symbols: string[] | string;
  tone: string;
  tone_words: string[] | string;
  is_bookmarked: boolean;
  views: number | string;
  bookmarks: number | string;
}

export interface NewsFilter {
  category?: string | undefined;
  symbol?: string | undefined;
  tone?: string | undefined;
  source?: string | undefined;
  origin?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Ids from the search index; an empty list matches nothing. */
  ids?: string[] | undefined;
}

export interface IndexRow {
  id: string;
  seq: string;
  title: string;
  summary: string;
  symbols: string[] | string;
  source: string;
  published_at: string | Date;
}

function where(f: NewsFilter, withCategory: boolean): SQL {
  const parts: SQL[] = [sql`true`];
  if (withCategory && f.category) parts.push(sql`a.category = ${f.category}`);
  if (f.symbol) parts.push(sql`${f.symbol} = any(a.symbols)`);
  if (f.tone) parts.push(sql`a.tone = ${f.tone}`);
  if (f.source) parts.push(sql`lower(a.source) = lower(${f.source})`);
  if (f.origin) parts.push(sql`a.origin = ${f.origin}`);
  if (f.from) parts.push(sql`a.published_at >= ${f.from.toISOString()}`);
  if (f.to) parts.push(sql`a.published_at < ${f.to.toISOString()}`);
  if (f.ids)
    parts.push(
      f.ids.length
        ? sql`a.id in (${sql.join(
            f.ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`
        : sql`false`,
    );
  return sql.join(parts, sql` and `);
}

function select(userId: string): SQL {
  return sql`
    select a.id::text as id, a.seq::text as seq, a.origin, a.title, a.summary, a.content, a.figures, a.category, a.source,
      a.author, a.url, a.image_url, a.published_at, a.symbols, a.tone, a.tone_words,
      exists (select 1 from ${newsBookmarks} b where b.article_id = a.id and b.user_id = ${userId}::uuid) as is_bookmarked,
      (select count(*) from ${newsReads} r where r.article_id = a.id)::int as views,
      (select count(*) from ${newsBookmarks} b where b.article_id = a.id)::int as bookmarks
    from ${newsArticles} a`;
}

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export const newsRepository = {
  /** Inserts what is new; an existing dedupe key is left as it is. Returns the ids inserted. */
  async insertMany(db: DbOrTx, items: NewsInsert[]): Promise<{ id: string; dedupeKey: string }[]> {
    if (items.length === 0) return [];
    const out: { id: string; dedupeKey: string }[] = [];
    for (let i = 0; i < items.length; i += 200) {
      const inserted = await db
        .insert(newsArticles)
        .values(items.slice(i, i + 200))
        .onConflictDoNothing({ target: newsArticles.dedupeKey })
        .returning({ id: newsArticles.id, dedupeKey: newsArticles.dedupeKey });
      out.push(...inserted);
    }
    return out;
  },

  async hasKey(db: DbOrTx, dedupeKey: string): Promise<boolean> {
    const found = await rows<{ one: number }>(
      db,
      sql`select 1 as one from ${newsArticles} where dedupe_key = ${dedupeKey} limit 1`,
    );
    return found.length > 0;
  },

  async list(db: DbOrTx, userId: string, f: NewsFilter, limit: number, offset: number): Promise<NewsRow[]> {
    return rows<NewsRow>(
      db,
      sql`${select(userId)} where ${where(f, true)} order by a.published_at desc, a.seq desc limit ${limit} offset ${offset}`,
    );
  },

  async count(db: DbOrTx, f: NewsFilter): Promise<number> {
    const [r] = await rows<{ n: number | string }>(
      db,
      sql`select count(*)::int as n from ${newsArticles} a where ${where(f, true)}`,
    );
    return Number(r?.n ?? 0);
  },

  /** Per category under every other filter (the category buttons show what a click would give). */
  async categoryCounts(db: DbOrTx, f: NewsFilter): Promise<{ category: string; n: number | string }[]> {
    return rows(
      db,
      sql`select a.category, count(*)::int as n from ${newsArticles} a where ${where(f, false)} group by a.category`,
    );
  },

  async sources(db: DbOrTx): Promise<string[]> {
    const r = await rows<{ source: string }>(
      db,
      sql`select distinct source from ${newsArticles} order by source`,
    );
    return r.map((x) => x.source);
  },

  async byIds(db: DbOrTx, userId: string, ids: string[]): Promise<NewsRow[]> {
    if (ids.length === 0) return [];
    return rows<NewsRow>(db, sql`${select(userId)} where ${where({ ids }, false)}`);
  },

  async find(db: DbOrTx, userId: string, id: string): Promise<NewsRow | undefined> {
    const [r] = await rows<NewsRow>(db, sql`${select(userId)} where a.id = ${id}::uuid`);
    return r;
  },

  async recordRead(db: DbOrTx, userId: string, articleId: string): Promise<void> {
    await db.execute(sql`
      insert into ${newsReads} (user_id, article_id) values (${userId}::uuid, ${articleId}::uuid)
      on conflict (user_id, article_id) do update set read_at = now()`);
  },

  /** Toggles in one statement each way; true when the article is now bookmarked. */
  async toggleBookmark(db: DbOrTx, userId: string, articleId: string): Promise<boolean> {
    const removed = await rows(
      db,
      sql`delete from ${newsBookmarks} where user_id = ${userId}::uuid and article_id = ${articleId}::uuid returning article_id`,
    );
    if (removed.length > 0) return false;
    await db.execute(
      sql`insert into ${newsBookmarks} (user_id, article_id) values (${userId}::uuid, ${articleId}::uuid) on conflict do nothing`,
    );
    return true;
  },

  async bookmarked(db: DbOrTx, userId: string, limit: number): Promise<NewsRow[]> {
    return rows<NewsRow>(
      db,
      sql`
      ${select(userId)} join ${newsBookmarks} mine on mine.article_id = a.id and mine.user_id = ${userId}::uuid
      order by mine.created_at desc limit ${limit}`,
    );
  },

  /** Articles with the most readers (or bookmarks) since `since`; only real counts above zero. */
  async trending(
    db: DbOrTx,
    userId: string,
    kind: 'reads' | 'bookmarks',
    since: Date,
    limit: number,
  ): Promise<NewsRow[]> {
    const table = kind === 'reads' ? newsReads : newsBookmarks;
    const at = kind === 'reads' ? sql`t.read_at` : sql`t.created_at`;
    return rows<NewsRow>(
      db,
      sql`
      with top as (
        select t.article_id, count(*) as n from ${table} t where ${at} >= ${since.toISOString()} group by t.article_id
        order by n desc limit ${limit})
      ${select(userId)} join top on top.article_id = a.id order by top.n desc, a.published_at desc`,
    );
  },

  async indexRowsAfter(db: DbOrTx, seq: number): Promise<IndexRow[]> {
    return rows<IndexRow>(
      db,
      sql`
      select id::text as id, seq::text as seq, title, summary, symbols, source, published_at
      from ${newsArticles} where seq > ${seq} order by seq`,
    );
  },

  async latestDeskDay(db: DbOrTx): Promise<string | undefined> {
    const [r] = await rows<{ k: string }>(
      db,
      sql`select max(dedupe_key) as k from ${newsArticles} where dedupe_key like 'desk:wrap:%'`,
    );
    return r?.k ?? undefined;
  },

  // Feed state ----------------------------------------------------------------------------------

  async feedState(
    db: DbOrTx,
    url: string,
  ): Promise<{ failures: number; next_attempt_at: string | Date } | undefined> {
    const [r] = await rows<{ failures: number; next_attempt_at: string | Date }>(
      db,
      sql`select failures, next_attempt_at from ${newsFeedState} where url = ${url}`,
    );
    return r;
  },

  async saveFeedState(
    db: DbOrTx,
    url: string,
    failures: number,
    nextAttemptAt: Date,
    lastError: string | null,
  ): Promise<void> {
    await db.execute(sql`
      insert into ${newsFeedState} (url, failures, next_attempt_at, last_polled_at, last_error)
      values (${url}, ${failures}, ${nextAttemptAt.toISOString()}, now(), ${lastError})
      on conflict (url) do update set failures = excluded.failures, next_attempt_at = excluded.next_attempt_at,
        last_polled_at = excluded.last_polled_at, last_error = excluded.last_error`);
  },

  /** Who holds (quantity > 0) or watches each of these symbols: the readers a news alert is for. */
  /**
   * The (user, symbol) pairs of news notices sent to these users since `since`; a news notice is
   * one whose data names an article and the symbols it was about.
   */
  async recentNewsNotices(
    db: DbOrTx,
    userIds: string[],
    since: Date,
  ): Promise<{ user_id: string; symbol: string }[]> {
    if (userIds.length === 0) return [];
    const list = sql.join(
      userIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    return rows(
      db,
      sql`
      select distinct n.user_id::text as user_id, s.symbol
      from ${notifications} n
      cross join lateral jsonb_array_elements_text(
        case when jsonb_typeof(n.data->'symbols') = 'array' then n.data->'symbols' else '[]'::jsonb end
      ) as s(symbol)
      where n.user_id in (${list}) and n.created_at > ${since.toISOString()}::timestamptz
        and n.data ? 'articleId'`,
    );
  },

  async followers(db: DbOrTx, symbols: string[]): Promise<{ user_id: string; symbol: string }[]> {
    if (symbols.length === 0) return [];
    const list = sql.join(
      symbols.map((s) => sql`${s}`),
      sql`, `,
    );
    return rows(
      db,
      sql`
      select p.user_id::text as user_id, p.symbol from ${positions} p where p.quantity > 0 and p.symbol in (${list})
      union
      select w.user_id::text as user_id, i.symbol from ${watchlistItems} i join ${watchlists} w on w.id = i.watchlist_id
      where i.symbol in (${list})`,
    );
  },
};
