import type { RefusalDetail, TransactionType } from '@nivesh/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import type { AccountId } from '../../db/account-id.js';
import { containsPattern } from '../../lib/sql-like.js';

export interface TransactionFilter {
  type?: TransactionType | undefined;
  status?: 'completed' | 'pending' | 'failed' | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  search?: string | undefined;
}

export type TransactionSort = 'date' | 'symbol' | 'quantity' | 'amount' | 'status';

/** One row of the union; every column arrives as text so PGlite and node-postgres parse alike. */
export interface TransactionRow {
  id: string;
  order_id: string | null;
  type: TransactionType;
  symbol: string;
  name: string;
  order_type: string | null;
  quantity: number;
  price_paise: string;
  amount_paise: string;
  fees_paise: string;
  brokerage_paise: string | null;
  exchange_paise: string | null;
  stt_paise: string | null;
  gst_paise: string | null;
  sebi_paise: string | null;
  stamp_paise: string | null;
  dp_paise: string | null;
  square_off_paise: string | null;
  net_paise: string;
  status: 'completed' | 'pending' | 'failed';
  ts: string;
  gain_paise: string | null;
  failure_reason: string | null;
  /** The rule and fix of a refused placement (orders.refusal). */
  refusal: RefusalDetail | null;
  description: string | null;
  order_status: string | null;
  product: 'CNC' | 'MIS' | null;
  receipt: string | null;
}

export interface TransactionTotals {
  total: number;
  filled_orders: number;
  finished_orders: number;
  bought_paise: string;
  sold_paise: string;
  fees_paise: string;
  gain_paise: string;
}

/**
 * The history as one relation: each fill (completed buy/sell), each resting order (pending),
 * each rejected or expired order (failed, with its reason) and each daily reward.
 */
function history(accountId: AccountId): SQL {
  return sql`
    select f.id::text as id, o.id::text as order_id, lower(f.side) as type, f.symbol, o.name, o.order_type,
      f.quantity, f.price_paise as price_paise, f.value_paise as amount_paise, f.fees_paise,
      f.brokerage_paise, f.exchange_charge_paise as exchange_paise, f.stt_paise, f.gst_paise,
      f.sebi_fee_paise as sebi_paise, f.stamp_duty_paise as stamp_paise,
      f.dp_charge_paise as dp_paise, f.square_off_charge_paise as square_off_paise,
      case when f.side = 'BUY' then -(f.value_paise + f.fees_paise) else f.value_paise - f.fees_paise end as net_paise,
      'completed' as status, f.created_at as ts,
      case when f.side = 'SELL' then f.realized_pnl_paise end as gain_paise,
      null::text as failure_reason, null::text as description, o.status as order_status, null::jsonb as refusal,
      f.product, f.receipt
    from fills f join orders o on o.id = f.order_id
    where f.account_id = ${accountId}
    union all
    select o.id::text, o.id::text, lower(o.side), o.symbol, o.name, o.order_type,
      o.quantity, coalesce(o.limit_price_paise, o.trigger_price_paise, o.trade_value_paise / o.quantity, 0),
      coalesce(o.limit_price_paise * o.quantity, o.trigger_price_paise * o.quantity, o.trade_value_paise, 0), 0::bigint,
      null::bigint, null::bigint, null::bigint, null::bigint, null::bigint, null::bigint, null::bigint, null::bigint,
      0::bigint,
      case when o.status in ('PENDING', 'OPEN') then 'pending' else 'failed' end, o.created_at,
      null::bigint, coalesce(o.status_reason, o.cancel_reason), null::text, o.status, o.refusal,
      o.product, null::text
    from orders o
    where o.account_id = ${accountId} and o.status in ('PENDING', 'OPEN', 'REJECTED', 'EXPIRED')
    union all
    select case when l.kind = 'DAILY_REWARD' then 'reward-' else 'deposit-' end || l.id::text, null::text,
      case when l.kind = 'DAILY_REWARD' then 'reward' else 'deposit' end, l.kind,
      case when l.kind = 'DAILY_REWARD' then 'Daily login reward' else 'Class deposit' end, null::text,
      1, l.amount_paise, l.amount_paise, 0::bigint,
      null::bigint, null::bigint, null::bigint, null::bigint, null::bigint, null::bigint, null::bigint, null::bigint,
      l.amount_paise, 'completed', l.created_at,
      null::bigint, null::text, l.description, null::text, null::jsonb, null::text, null::text
    from ledger_entries l
    where l.account_id = ${accountId} and l.kind in ('DAILY_REWARD', 'CLASS_DEPOSIT')`;
}

function where(filter: TransactionFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.type) parts.push(sql`t.type = ${filter.type}`);
  if (filter.status) parts.push(sql`t.status = ${filter.status}`);
  if (filter.from) parts.push(sql`t.ts >= ${filter.from.toISOString()}::timestamptz`);
  if (filter.to) parts.push(sql`t.ts <= ${filter.to.toISOString()}::timestamptz`);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    parts.push(
      sql`(t.symbol ilike ${pattern} or t.name ilike ${pattern} or coalesce(t.order_id, '') ilike ${pattern})`,
    );
  }
  return sql.join(parts, sql` and `);
}

const SORT_COLUMNS: Record<TransactionSort, SQL> = {
  date: sql`t.ts`,
  symbol: sql`t.symbol`,
  quantity: sql`t.quantity`,
  amount: sql`t.amount_paise`,
  status: sql`t.status`,
};

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export const transactionsRepository = {
  async list(
    db: DbOrTx,
    accountId: AccountId,
    filter: TransactionFilter,
    sort: { by: TransactionSort; order: 'asc' | 'desc' },
    page?: { offset: number; limit: number },
  ): Promise<TransactionRow[]> {
    const direction = sort.order === 'asc' ? sql`asc` : sql`desc`;
    return rows<TransactionRow>(
      db,
      sql`select t.id, t.order_id, t.type, t.symbol, t.name, t.order_type, t.quantity::int as quantity,
          t.price_paise::text as price_paise, t.amount_paise::text as amount_paise, t.fees_paise::text as fees_paise,
          t.brokerage_paise::text as brokerage_paise, t.exchange_paise::text as exchange_paise, t.stt_paise::text as stt_paise,
          t.gst_paise::text as gst_paise, t.sebi_paise::text as sebi_paise, t.stamp_paise::text as stamp_paise,
          t.dp_paise::text as dp_paise, t.square_off_paise::text as square_off_paise,
          t.net_paise::text as net_paise, t.status,
          to_char(t.ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ts,
          t.gain_paise::text as gain_paise, t.failure_reason, t.description, t.order_status, t.refusal,
          t.product, t.receipt
        from (${history(accountId)}) t
        where ${where(filter)}
        order by ${SORT_COLUMNS[sort.by]} ${direction}, t.ts desc, t.id
        ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
    );
  },

  /** Totals over the whole filtered set, not just one page: the summary must not change with paging. */
  async totals(db: DbOrTx, accountId: AccountId, filter: TransactionFilter): Promise<TransactionTotals> {
    const [row] = await rows<TransactionTotals>(
      db,
      sql`select count(*)::int as total,
          count(*) filter (where t.status = 'completed' and t.type in ('buy', 'sell'))::int as filled_orders,
          count(*) filter (where t.type in ('buy', 'sell') and t.status in ('completed', 'failed'))::int as finished_orders,
          coalesce(sum(t.amount_paise) filter (where t.status = 'completed' and t.type = 'buy'), 0)::text as bought_paise,
          coalesce(sum(t.amount_paise) filter (where t.status = 'completed' and t.type = 'sell'), 0)::text as sold_paise,
          coalesce(sum(t.fees_paise) filter (where t.status = 'completed'), 0)::text as fees_paise,
          coalesce(sum(t.gain_paise) filter (where t.status = 'completed' and t.type = 'sell'), 0)::text as gain_paise
        from (${history(accountId)}) t
        where ${where(filter)}`,
    );
    return row!;
  },
};
