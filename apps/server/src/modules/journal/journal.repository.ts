import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import type { AccountRef } from '../../db/account-id.js';
import { journalEntries } from '../../db/schema/journal.js';

export type JournalEntryInsert = typeof journalEntries.$inferInsert;

/** An entry with its linked fill (if any) joined in, as one row. */
export interface JournalEntryRow {
  id: string;
  ticker: string;
  currency: 'INR' | 'USD';
  quantity: number;
  price_minor: string;
  type: 'BUY' | 'SELL';
  fill_id: string | null;
  note: string;
  tags: string[];
  setup: string | null;
  stop_minor: string | null;
  target_minor: string | null;
  confidence: number | null;
  review: string;
  created_at: Date | string;
  updated_at: Date | string;
  f_order_id: string | null;
  f_symbol: string | null;
  f_side: 'BUY' | 'SELL' | null;
  f_quantity: number | null;
  f_price_paise: string | null;
  f_fees_paise: string | null;
  f_realized_pnl_paise: string | null;
  f_created_at: Date | string | null;
}

export interface JournalFilter {
  tag?: string | undefined;
  type?: 'BUY' | 'SELL' | undefined;
}

export interface JournalTagRow {
  tag: string;
  entries: number;
  closed: number;
  wins: number;
  realized_paise: string;
}

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const SELECT = sql`
  select j.id::text as id, j.ticker, j.currency, j.quantity, j.price_minor::text as price_minor, j.type,
    j.fill_id::text as fill_id, j.note, j.tags, j.setup, j.stop_minor::text as stop_minor,
    j.target_minor::text as target_minor, j.confidence, j.review, j.created_at, j.updated_at,
    f.order_id::text as f_order_id, f.symbol as f_symbol, f.side as f_side, f.quantity as f_quantity,
    f.price_paise::text as f_price_paise, f.fees_paise::text as f_fees_paise,
    f.realized_pnl_paise::text as f_realized_pnl_paise, f.created_at as f_created_at
  from journal_entries j
  left join fills f on f.id = j.fill_id and f.user_id = j.user_id`;

/** One portfolio's entries: the user's, in that portfolio's account. */
const inAccount = (who: AccountRef) => sql`j.user_id = ${who.userId} and j.account_id = ${who.accountId}`;
const ownEntry = (who: AccountRef, id: string) =>
  and(
    eq(journalEntries.id, id),
    eq(journalEntries.userId, who.userId),
    eq(journalEntries.accountId, who.accountId),
  );

function where(who: AccountRef, filter: JournalFilter): SQL {
  const parts: SQL[] = [inAccount(who)];
  if (filter.type) parts.push(sql`j.type = ${filter.type}`);
  if (filter.tag) parts.push(sql`${filter.tag} = any(j.tags)`);
  return sql.join(parts, sql` and `);
}

export const journalRepository = {
  async list(
    db: DbOrTx,
    who: AccountRef,
    filter: JournalFilter,
    page: { limit: number; offset: number },
  ): Promise<JournalEntryRow[]> {
    return rows<JournalEntryRow>(
      db,
      sql`${SELECT} where ${where(who, filter)} order by j.created_at desc, j.id desc limit ${page.limit} offset ${page.offset}`,
    );
  },

  async count(db: DbOrTx, who: AccountRef, filter: JournalFilter): Promise<number> {
    const [row] = await rows<{ n: string }>(
      db,
      sql`select count(*)::text as n from journal_entries j where ${where(who, filter)}`,
    );
    return Number(row?.n ?? 0);
  },

  /** Every entry of the user, in all portfolios: what the cap counts. */
  async countForUser(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await rows<{ n: string }>(
      db,
      sql`select count(*)::text as n from journal_entries j where j.user_id = ${userId}`,
    );
    return Number(row?.n ?? 0);
  },

  async findOwn(db: DbOrTx, who: AccountRef, id: string): Promise<JournalEntryRow | undefined> {
    const [row] = await rows<JournalEntryRow>(db, sql`${SELECT} where j.id = ${id} and ${inAccount(who)}`);
    return row;
  },

  async insert(db: DbOrTx, values: JournalEntryInsert): Promise<string> {
    const [row] = await db.insert(journalEntries).values(values).returning({ id: journalEntries.id });
    return row!.id;
  },

  async updateOwn(
    db: DbOrTx,
    who: AccountRef,
    id: string,
    values: Partial<JournalEntryInsert>,
  ): Promise<boolean> {
    const updated = await db
      .update(journalEntries)
      .set({ ...values, updatedAt: sql`now()` })
      .where(ownEntry(who, id))
      .returning({ id: journalEntries.id });
    return updated.length > 0;
  },

  async deleteOwn(db: DbOrTx, who: AccountRef, id: string): Promise<boolean> {
    const deleted = await db
      .delete(journalEntries)
      .where(ownEntry(who, id))
      .returning({ id: journalEntries.id });
    return deleted.length > 0;
  },

  /** Per tag: entries, and over entries linked to a sell fill, wins and the realised P&L sum. */
  async tagSummary(db: DbOrTx, who: AccountRef): Promise<JournalTagRow[]> {
    return rows<JournalTagRow>(
      db,
      sql`
        select t.tag, count(*)::int as entries,
          count(*) filter (where f.side = 'SELL')::int as closed,
          count(*) filter (where f.side = 'SELL' and f.realized_pnl_paise > 0)::int as wins,
          coalesce(sum(f.realized_pnl_paise) filter (where f.side = 'SELL'), 0)::text as realized_paise
        from journal_entries j
        cross join lateral unnest(j.tags) as t(tag)
        left join fills f on f.id = j.fill_id and f.user_id = j.user_id
        where ${inAccount(who)}
        group by t.tag
        order by count(*) desc, t.tag`,
    );
  },
};
