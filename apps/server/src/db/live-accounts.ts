import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * True for a cash account the live market runs: every account except a replay's. A replay's
 * orders and positions trade on the replay's own clock and prices (the replay module matches and
 * squares them off), so the live matcher and square-off must never touch them.
 */
export function onLiveMarket(accountId: AnyColumn): SQL {
  return sql`not exists (select 1 from cash_accounts ca join portfolios p on p.id = ca.portfolio_id
    where ca.id = ${accountId} and p.kind = 'replay')`;
}
