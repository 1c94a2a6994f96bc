import { dayNumberToDate, istDayNumber, rupeesToPaise } from '@nivesh/shared';
import type { Db } from '../../db/database.js';
import type { AccountId } from '../../db/account-id.js';
import type { EquityDay } from '../leaderboard/leaderboard.math.js';
import type { MarketService } from '../market/market.service.js';
import type { PerformanceService } from '../portfolio/performance.service.js';
import { classStandingsRepository as repo } from './class-standings.repository.js';

export interface StandingsMember {
  userId: string;
  accountId: AccountId;
}

/**
 * The equity history of every student of a class, as `PerformanceService.dailyHistory` gives it
 * one student at a time, read in a handful of queries for the whole class: finished days from the
 * stored equity snapshots, today valued live (ledger balance plus open positions at the current
 * quote, or at their average cost when there is none). A student with a finished day not yet
 * snapshotted goes through `dailyHistory`, which works the day out and stores it, so only the first
 * round after midnight pays for it. Trades per day are left at 0: standings count them separately.
 */
export async function classHistories(
  o: { db: Db; market: MarketService; performance: PerformanceService },
  members: StandingsMember[],
  at: number,
): Promise<Map<AccountId, EquityDay[]>> {
  const out = new Map<AccountId, EquityDay[]>();
  if (members.length === 0) return out;
  const ids = members.map((m) => m.accountId);
  const today = istDayNumber(at);
  const [openings, rewards, balances, open] = await Promise.all([
    repo.openings(o.db, ids),
    repo.dailyRewards(o.db, ids),
    repo.balances(o.db, ids),
    repo.openPositions(o.db, ids),
  ]);
  const startDays = [...openings.values()].map((d) => istDayNumber(d.getTime()));
  const firstDay = startDays.length ? Math.min(...startDays) : today;
  const snapshots =
    firstDay < today
      ? await o.performance.storedEquity(ids, firstDay, today - 1)
      : new Map<AccountId, Map<string, bigint>>();

  const prices = new Map<string, bigint>();
  try {
    for (const q of await o.market.quotes([...new Set(open.map((p) => p.symbol))]))
      prices.set(q.symbol, rupeesToPaise(q.price));
  } catch {
    // Provider down: every holding is valued at its own average below, as the portfolio does.
  }
  const holdings = new Map<AccountId, bigint>();
  for (const p of open) {
    const price = prices.get(p.symbol) ?? p.costBasisPaise / BigInt(p.quantity);
    holdings.set(p.accountId, (holdings.get(p.accountId) ?? 0n) + price * BigInt(p.quantity));
  }

  const slow: StandingsMember[] = [];
  for (const m of members) {
    const opening = openings.get(m.accountId);
    const balance = balances.get(m.accountId);
    if (!opening || balance === undefined) {
      slow.push(m);
      continue;
    }
    const stored = snapshots.get(m.accountId) ?? new Map<string, bigint>();
    const flows = rewards.get(m.accountId) ?? new Map<number, bigint>();
    const days: EquityDay[] = [];
    let complete = true;
    for (let d = istDayNumber(opening.getTime()); d < today; d += 1) {
      const equityPaise = stored.get(dayNumberToDate(d));
      if (equityPaise === undefined) {
        complete = false;
        break;
      }
      days.push({ day: d, equityPaise, flowPaise: flows.get(d) ?? 0n, trades: 0 });
    }
    if (!complete) {
      slow.push(m);
      continue;
    }
    days.push({
      day: today,
      equityPaise: balance + (holdings.get(m.accountId) ?? 0n),
      flowPaise: flows.get(today) ?? 0n,
      trades: 0,
    });
    out.set(m.accountId, days);
  }
  const computed = await Promise.all(slow.map((m) => o.performance.dailyHistory(m)));
  slow.forEach((m, i) => out.set(m.accountId, computed[i]!));
  return out;
}
