import {
  parseTradingSymbol,
  DAY_MS,
  IST_OFFSET_MS,
  dateToDayNumber,
  dayNumberToDate,
  istDayBucket,
  istDayNumber,
  paiseToRupees,
  round2,
  rupeesToPaise,
  type Period,
  type PerformanceData,
  type PerformanceRange,
} from '@nivesh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { AccountId, AccountRef } from '../../db/account-id.js';
import { notFound } from '../../lib/errors.js';
import type { MarketService } from '../market/market.service.js';
import { performanceRepository, type LedgerMark } from './performance.repository.js';
import type { PortfolioService } from './portfolio.service.js';
import type { FillsService } from './fills.service.js';

/** 15:30, the close, as milliseconds into an IST day: F&O positions are valued there. */
const CLOSE_IST_MS = 15.5 * 3_600_000;

const RANGE_DAYS: Record<Exclude<PerformanceRange, 'ALL'>, number> = { '1W': 7, '1M': 30, '1Y': 365 };
/** The market service's daily history reaches this many days back; older days use its weekly one. */
const DAILY_HISTORY_DAYS = 365;
const BENCHMARK = 'NIFTY50';

/** Closes by IST day, ascending. */
interface Closes {
  days: number[];
  closes: number[];
}

/**
 * Reads a series for ascending days: each call gives the close of the last bar on or before `day`,
 * so weekends and holidays carry the previous session's close.
 */
function closeReader(series: Closes | null): (day: number) => number | undefined {
  let i = -1;
  return (day) => {
    if (!series) return undefined;
    while (i + 1 < series.days.length && series.days[i + 1]! <= day) i += 1;
    return i < 0 ? undefined : series.closes[i];
  };
}

function percentChange(first: number | undefined | null, last: number | undefined | null): number | null {
  if (first === undefined || first === null || last === undefined || last === null || first === 0)
    return null;
  return round2(((last - first) / first) * 100);
}

interface DayValue {
  day: string;
  equityPaise: bigint;
  cashPaise: bigint;
  holdingsPaise: bigint;
}

/**
 * Portfolio value per IST day against NIFTY 50. A finished day is worked out once from the ledger,
 * the fills and that day's closes, then kept in equity_snapshots and read from there; today is
 * valued live and never stored, since the day is not over.
 */
export class PerformanceService {
  constructor(
    private readonly o: {
      db: Db;
      market: MarketService;
      portfolio: PortfolioService;
      fills: FillsService;
      log: FastifyBaseLogger;
      now?: () => number;
      /**
       * Open options and futures valued at a finished day's close (the Options Lab); undefined
       * when no price is known then. Without it F&O fills are left out of the history.
       */
      derivativesAt?: (
        open: { symbol: string; quantity: number; averagePaise: bigint }[],
        ms: number,
      ) => Promise<bigint | undefined>;
    },
  ) {}

  private now(): number {
    return this.o.now?.() ?? Date.now();
  }

  /** Daily closes from `fromDay`; null when the market service cannot say. */
  private async closes(symbol: string, fromDay: number, today: number): Promise<Closes | null> {
    // Weekly bars only fill in what the daily history does not reach; daily ones win where both exist.
    const periods: Period[] = today - fromDay < DAILY_HISTORY_DAYS ? ['1Y'] : ['5Y', '1Y'];
    const byDay = new Map<number, number>();
    try {
      for (const period of periods) {
        for (const candle of (await this.o.market.historical(symbol, period)).data)
          byDay.set(istDayBucket(candle.time), candle.close);
      }
    } catch (err) {
      this.o.log.warn({ err, symbol }, 'no daily history for the performance chart');
      return null;
    }
    const days = [...byDay.keys()].sort((a, b) => a - b);
    return { days, closes: days.map((d) => byDay.get(d)!) };
  }

  private async liveBenchmark(): Promise<number | null> {
    try {
      return (await this.o.market.quote(BENCHMARK)).price;
    } catch {
      return null;
    }
  }

  /**
   * Values each of `days` (finished, ascending) at its end: the last ledger balance of the day plus
   * the shares held then (from the fills) at that day's close. `storable` is false when some close
   * had to be stood in for by a fill price because the market service failed.
   */
  private async valueDays(
    who: AccountRef,
    days: number[],
    today: number,
  ): Promise<{ values: Map<number, DayValue>; storable: boolean; mark: LedgerMark | null }> {
    const values = new Map<number, DayValue>();
    if (days.length === 0) return { values, storable: false, mark: null };
    // Taken before the reads, so saveSnapshots can tell whether anything they cover changed since.
    const dayEnd = new Date((days[days.length - 1]! + 1) * DAY_MS - IST_OFFSET_MS);
    const mark = await performanceRepository.ledgerMark(this.o.db, who.accountId, dayEnd);
    const [balances, fills] = await Promise.all([
      performanceRepository.dayEndBalances(this.o.db, who.accountId),
      this.o.fills.history(who.accountId),
    ]);
    const symbols = [
      ...new Set(
        fills
          .filter((f) => !isDerivative(f) && istDayNumber(f.createdAt.getTime()) <= days[days.length - 1]!)
          .map((f) => f.symbol),
      ),
    ];
    // Options and futures are not shares at a close: they are priced from the index at the day's end.
    const derivatives = new DerivativeBook();
    let storableDerivatives = true;
    const series = await Promise.all(symbols.map((s) => this.closes(s, days[0]!, today)));
    const storable = series.every((s) => s !== null);
    const readers = new Map(symbols.map((s, i) => [s, closeReader(series[i]!)]));

    const held = new Map<string, number>();
    const lastFillPrice = new Map<string, bigint>();
    let cash = 0n;
    let b = 0;
    let f = 0;
    for (const day of days) {
      while (b < balances.length && balances[b]!.day <= day) cash = balances[b++]!.balancePaise;
      while (f < fills.length && istDayNumber(fills[f]!.createdAt.getTime()) <= day) {
        const fill = fills[f++]!;
        if (isDerivative(fill)) {
          derivatives.add(fill.symbol, fill.side === 'BUY' ? fill.quantity : -fill.quantity, fill.pricePaise);
          continue;
        }
        held.set(
          fill.symbol,
          (held.get(fill.symbol) ?? 0) + (fill.side === 'BUY' ? fill.quantity : -fill.quantity),
        );
        lastFillPrice.set(fill.symbol, fill.pricePaise);
      }
      let holdings = 0n;
      for (const [symbol, quantity] of held) {
        if (quantity === 0) continue;
        const close = readers.get(symbol)!(day);
        const price = close === undefined ? lastFillPrice.get(symbol)! : rupeesToPaise(close);
        holdings += price * BigInt(quantity);
      }
      const open = derivatives.open();
      if (open.length && this.o.derivativesAt) {
        const value = await this.o.derivativesAt(open, day * DAY_MS + CLOSE_IST_MS - IST_OFFSET_MS);
        if (value === undefined) storableDerivatives = false;
        else holdings += value;
      }
      values.set(day, {
        day: dayNumberToDate(day),
        equityPaise: cash + holdings,
        cashPaise: cash,
        holdingsPaise: holdings,
      });
    }
    return { values, storable: storable && storableDerivatives, mark };
  }

  /**
   * The equity history a time-weighted return needs, per IST day since the account opened (or was
   * last reset): the day's closing value (today's live), the rewards credited that day and the
   * trades made. Finished days come from the stored snapshots like the performance chart.
   */
  async dailyHistory(
    who: AccountRef,
  ): Promise<{ day: number; equityPaise: bigint; flowPaise: bigint; trades: number }[]> {
    const [{ points }, rewards, fills] = await Promise.all([
      this.performance(who, 'ALL'),
      performanceRepository.dailyRewards(this.o.db, who.accountId),
      this.o.fills.history(who.accountId),
    ]);
    const flows = new Map(rewards.map((r) => [r.day, r.amountPaise]));
    const trades = new Map<number, number>();
    for (const fill of fills) {
      const day = istDayNumber(fill.createdAt.getTime());
      trades.set(day, (trades.get(day) ?? 0) + 1);
    }
    return points.map((p) => {
      const day = dateToDayNumber(p.date);
      return {
        day,
        equityPaise: rupeesToPaise(p.portfolioValue),
        flowPaise: flows.get(day) ?? 0n,
        trades: trades.get(day) ?? 0,
      };
    });
  }

  /**
   * The stored end-of-day equity of several accounts from `fromDay` to `toDay` (IST day numbers),
   * by account and date; days not yet worked out are absent (dailyHistory stores them).
   */
  async storedEquity(
    accountIds: AccountId[],
    fromDay: number,
    toDay: number,
  ): Promise<Map<AccountId, Map<string, bigint>>> {
    const out = new Map<AccountId, Map<string, bigint>>();
    const rows = await performanceRepository.equityOfAccounts(
      this.o.db,
      accountIds,
      dayNumberToDate(fromDay),
      dayNumberToDate(toDay),
    );
    for (const r of rows) {
      let days = out.get(r.accountId);
      if (!days) out.set(r.accountId, (days = new Map()));
      days.set(r.day, r.equityPaise);
    }
    return out;
  }

  async performance(who: AccountRef, range: PerformanceRange): Promise<PerformanceData> {
    const nowMs = this.now();
    const today = istDayNumber(nowMs);
    const opening = await performanceRepository.opening(this.o.db, who.accountId);
    if (!opening) throw notFound('Virtual money account not found');
    const startDay = istDayNumber(opening.createdAt.getTime());
    const from = range === 'ALL' ? startDay : Math.max(startDay, today - RANGE_DAYS[range] + 1);

    const finished: number[] = [];
    for (let d = from; d < today; d += 1) finished.push(d);
    const stored = new Map(
      finished.length === 0
        ? []
        : (
            await performanceRepository.snapshots(
              this.o.db,
              who.accountId,
              dayNumberToDate(from),
              dayNumberToDate(today - 1),
            )
          ).map((s) => [s.day, s.equityPaise]),
    );
    const missing = finished.filter((d) => !stored.has(dayNumberToDate(d)));
    const [computed, benchmark, summary, niftyNow] = await Promise.all([
      this.valueDays(who, missing, today),
      finished.length ? this.closes(BENCHMARK, from, today) : Promise.resolve(null),
      this.o.portfolio.summary(who),
      this.liveBenchmark(),
    ]);
    if (computed.storable && computed.mark) {
      await performanceRepository.saveSnapshots(this.o.db, who, computed.mark, [...computed.values.values()]);
    }

    const niftyOn = closeReader(benchmark);
    const points = finished.map((d) => {
      const date = dayNumberToDate(d);
      const equity = stored.get(date) ?? computed.values.get(d)!.equityPaise;
      return { date, portfolioValue: paiseToRupees(equity), nifty: niftyOn(d) ?? null };
    });
    points.push({ date: dayNumberToDate(today), portfolioValue: summary.totalValue, nifty: niftyNow });

    const withNifty = points.filter((p) => p.nifty !== null);
    return {
      range,
      points,
      portfolioReturn:
        points.length < 2
          ? null
          : percentChange(points[0]!.portfolioValue, points[points.length - 1]!.portfolioValue),
      niftyReturn:
        withNifty.length < 2
          ? null
          : percentChange(withNifty[0]!.nifty, withNifty[withNifty.length - 1]!.nifty),
    };
  }
}

/** An F&O fill (an NRML or F&O trading symbol), as opposed to a share. */
function isDerivative(fill: { symbol: string; product?: string | null }): boolean {
  return fill.product === 'NRML' || parseTradingSymbol(fill.symbol) !== undefined;
}

/** Signed F&O positions rebuilt from fills with the positions table's netting: a reduction keeps the average. */
class DerivativeBook {
  private readonly book = new Map<string, { quantity: number; averagePaise: bigint }>();

  add(symbol: string, quantity: number, pricePaise: bigint): void {
    const cur = this.book.get(symbol) ?? { quantity: 0, averagePaise: 0n };
    const next = cur.quantity + quantity;
    if (cur.quantity === 0 || Math.sign(cur.quantity) === Math.sign(quantity)) {
      const total = Math.abs(cur.quantity) + Math.abs(quantity);
      const cost =
        cur.averagePaise * BigInt(Math.abs(cur.quantity)) + pricePaise * BigInt(Math.abs(quantity));
      this.book.set(symbol, { quantity: next, averagePaise: cost / BigInt(total) });
    } else if (Math.sign(next) === Math.sign(cur.quantity) || next === 0) {
      this.book.set(symbol, { quantity: next, averagePaise: cur.averagePaise });
    } else {
      this.book.set(symbol, { quantity: next, averagePaise: pricePaise });
    }
  }

  open(): { symbol: string; quantity: number; averagePaise: bigint }[] {
    return [...this.book].filter(([, p]) => p.quantity !== 0).map(([symbol, p]) => ({ symbol, ...p }));
  }
}
