import {
  HABIT_MINIMUMS,
  IF_HELD_SELLS,
  STARTING_BALANCE_PAISE,
  dayNumberToDate,
  istDayBucket,
  istDayNumber,
  paiseToRupees,
  round2,
  rupeesToPaise,
  type Habits,
  type NotEnough,
  type Yardstick,
} from '@nivesh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { AccountRef } from '../../db/account-id.js';
import type { MarketService } from '../market/market.service.js';
import type { PerformanceService } from '../portfolio/performance.service.js';
import type { PortfolioService } from '../portfolio/portfolio.service.js';
import {
  chargesShare,
  dispositionEffect,
  holdingTimes,
  maxDrawdown,
  replay,
  tradesPerActiveDay,
  turnover,
  type SellEvent,
} from './habits.math.js';
import { toHabitFill } from './habits.math.js';
import type { FillsService } from '../portfolio/fills.service.js';

/** The published figures each habit is shown beside; each line names its source. */
export const YARDSTICKS = {
  disposition: {
    text: 'Across 10,000 discount-broker accounts, investors realised 14.8% of their gains but only 9.8% of their losses (PGR − PLR = +5.0 points).',
    source: 'Odean, "Are Investors Reluctant to Realize Their Losses?", Journal of Finance, 1998',
  },
  costs: {
    text: 'The average household turned over 75% of its portfolio a year; 71% of individual intraday traders lost money in FY23, and loss-makers paid a further 57% of their losses in trading costs.',
    source: 'Barber & Odean, Journal of Finance, 2000; SEBI study of intraday trading, July 2024',
  },
  holding: {
    text: 'Investors tend to sell winners too early and ride losers too long, holding losing stocks longer than winning ones.',
    source: 'Shefrin & Statman, Journal of Finance, 1985; Odean, Journal of Finance, 1998',
  },
  activity: {
    text: 'The most active fifth of households earned 11.4% a year against the market’s 17.9%; 80% of intraday traders making over 500 trades a year lost money.',
    source: 'Barber & Odean, Journal of Finance, 2000; SEBI study of intraday trading, July 2024',
  },
  ifHeld: {
    text: 'The winners investors sold went on to outperform the losers they kept.',
    source: 'Odean, Journal of Finance, 1998',
  },
} as const satisfies Record<string, Yardstick>;

const notEnough = (needed: number, have: number, unit: string): NotEnough => ({
  status: 'insufficient',
  needed,
  have,
  unit,
});
const rupees = (paise: bigint) => paiseToRupees(paise);

/**
 * "Your trading habits", from the user's own fills (read-only), their account value at live
 * prices (PortfolioService) and its daily history (PerformanceService).
 */
export class InsightsService {
  constructor(
    private readonly o: {
      db: Db;
      market: MarketService;
      portfolio: PortfolioService;
      performance: PerformanceService;
      fills: FillsService;
      log: FastifyBaseLogger;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.o.now?.() ?? Date.now();
  }

  /** Main's habits (what Saytrix reads; main starts with ₹10,000). */
  async habits(userId: string): Promise<Habits> {
    return this.habitsOf({
      ...(await this.o.portfolio.main(userId)),
      startingCashPaise: STARTING_BALANCE_PAISE,
    });
  }

  /** The habits of one portfolio season (`who`, resolved by the route: main unless it names another). */
  async habitsOf(who: AccountRef & { startingCashPaise: bigint }): Promise<Habits> {
    const nowMs = this.now();
    const fills = (await this.o.fills.history(who.accountId)).map(toHabitFill);
    const sells = replay(fills);
    const [summary, performance] = await Promise.all([
      this.o.portfolio.summary(who),
      this.o.performance.performance(who, 'ALL'),
    ]);
    const symbolsNow = [
      ...new Set([...sells.map((s) => s.symbol), ...sells.flatMap((s) => s.others.map((o) => o.symbol))]),
    ];
    const live = await this.livePrices(symbolsNow);

    // Disposition effect.
    let disposition: Habits['disposition']['result'];
    if (sells.length < HABIT_MINIMUMS.dispositionSells)
      disposition = notEnough(HABIT_MINIMUMS.dispositionSells, sells.length, 'sells');
    else
      disposition = {
        status: 'ready',
        ...dispositionEffect(sells, await this.priceReader(sells, live, nowMs)),
      };

    // Turnover and charges.
    let costs: Habits['costs']['result'];
    if (sells.length < HABIT_MINIMUMS.costSells)
      costs = notEnough(HABIT_MINIMUMS.costSells, sells.length, 'sells');
    else {
      const t = turnover(fills, rupeesToPaise(summary.totalValue), nowMs);
      const c = chargesShare(sells);
      costs = {
        status: 'ready',
        turnoverPercent: t.percent,
        annualTurnoverPercent: t.annualPercent,
        tradedDays: Math.round(t.days),
        chargesPaid: rupees(fills.reduce((sum, f) => sum + f.feesPaise, 0n)),
        chargesOnSold: rupees(c.chargesPaise),
        grossRealizedPnl: rupees(c.grossPaise),
        chargesShareOfGross: c.percent,
      };
    }

    // Holding time of winners against losers.
    const h = holdingTimes(sells);
    const holdingHave =
      Math.min(h.winners, HABIT_MINIMUMS.holdingEach) + Math.min(h.losers, HABIT_MINIMUMS.holdingEach);
    const holding: Habits['holding']['result'] =
      h.winners >= HABIT_MINIMUMS.holdingEach && h.losers >= HABIT_MINIMUMS.holdingEach
        ? { status: 'ready', ...h }
        : notEnough(2 * HABIT_MINIMUMS.holdingEach, holdingHave, 'sells (one winning, one losing)');

    // Largest drawdown of the account's daily value, beside NIFTY 50's over the same days.
    const points = performance.points;
    let drawdown: Habits['drawdown']['result'];
    let drawdownYardstick: Yardstick = {
      text: "Shown beside NIFTY 50's largest fall over the same days.",
      source: 'NIFTY 50 daily closes from the market data',
    };
    const dd =
      points.length >= HABIT_MINIMUMS.drawdownDays
        ? maxDrawdown(points.map((p) => ({ date: p.date, value: p.portfolioValue })))
        : null;
    if (!dd) drawdown = notEnough(HABIT_MINIMUMS.drawdownDays, points.length, 'days of account value');
    else {
      drawdown = {
        status: 'ready',
        maxDrawdownPercent: dd.percent,
        peakValue: dd.peak.value,
        troughValue: dd.trough.value,
        peakDate: dd.peak.date,
        troughDate: dd.trough.date,
        days: points.length,
      };
      const nifty = maxDrawdown(
        points.filter((p) => p.nifty !== null).map((p) => ({ date: p.date, value: p.nifty! })),
      );
      if (nifty) {
        drawdownYardstick = {
          text: `NIFTY 50 fell at most ${nifty.percent.toFixed(2)}% from a peak over the same ${points.length} days.`,
          source: 'NIFTY 50 daily closes from the market data',
        };
      }
    }

    // Trades per active day against the return they made.
    let activity: Habits['activity']['result'];
    if (fills.length < HABIT_MINIMUMS.activityFills)
      activity = notEnough(HABIT_MINIMUMS.activityFills, fills.length, 'trades');
    else {
      const a = tradesPerActiveDay(fills, (at) => dayNumberToDate(istDayNumber(at)));
      const tradingPnl = round2(summary.totalRealizedPnL + summary.totalCurrentValue - summary.totalInvested);
      activity = {
        status: 'ready',
        fills: a.fills,
        activeDays: a.activeDays,
        tradesPerActiveDay: a.perDay,
        tradingPnl,
        // Against this portfolio's own starting cash (₹10,000 for main; a custom one chooses its own).
        returnPercent: round2((tradingPnl / paiseToRupees(who.startingCashPaise)) * 100),
      };
    }

    // "If you had held": the latest sells at today's price.
    let ifHeld: Habits['ifHeld']['result'];
    const recent = [...sells]
      .sort((a, b) => b.at - a.at)
      .filter((s) => live.has(s.symbol))
      .slice(0, IF_HELD_SELLS);
    if (sells.length < HABIT_MINIMUMS.ifHeldSells || recent.length === 0)
      ifHeld = notEnough(HABIT_MINIMUMS.ifHeldSells, sells.length, 'sells');
    else {
      const rows = recent.map((s) => {
        const now = live.get(s.symbol)!;
        return {
          symbol: s.symbol,
          quantity: s.quantity,
          soldAt: rupees(s.pricePaise),
          soldOn: new Date(s.at).toISOString(),
          priceNow: rupees(now),
          difference: rupees((now - s.pricePaise) * BigInt(s.quantity)),
        };
      });
      ifHeld = { status: 'ready', rows, total: round2(rows.reduce((sum, r) => sum + r.difference, 0)) };
    }

    return {
      disposition: { yardstick: YARDSTICKS.disposition, result: disposition },
      costs: { yardstick: YARDSTICKS.costs, result: costs },
      holding: { yardstick: YARDSTICKS.holding, result: holding },
      drawdown: { yardstick: drawdownYardstick, result: drawdown },
      activity: { yardstick: YARDSTICKS.activity, result: activity },
      ifHeld: { yardstick: YARDSTICKS.ifHeld, result: ifHeld },
    };
  }

  /** Live prices in paise; a symbol the market cannot price now is left out. */
  private async livePrices(symbols: string[]): Promise<Map<string, bigint>> {
    if (symbols.length === 0) return new Map();
    try {
      const quotes = await this.o.market.quotes(symbols);
      return new Map(quotes.map((q) => [q.symbol, rupeesToPaise(q.price)]));
    } catch (err) {
      this.o.log.warn({ err }, 'no live prices for the habits screen');
      return new Map();
    }
  }

  /**
   * The price of a held stock on the day of a sale: today's live price, or that day's close (the
   * last close on or before it). A stock with neither is not counted as a paper gain or loss.
   */
  private async priceReader(sells: SellEvent[], live: Map<string, bigint>, nowMs: number) {
    const today = istDayNumber(nowMs);
    const pastSymbols = new Set(
      sells.filter((s) => istDayNumber(s.at) < today).flatMap((s) => s.others.map((o) => o.symbol)),
    );
    const closes = new Map<string, Array<[number, bigint]>>();
    await Promise.all(
      [...pastSymbols].map(async (symbol) => {
        try {
          const candles = (await this.o.market.historical(symbol, '1Y')).data;
          closes.set(
            symbol,
            candles
              .map((c) => [istDayBucket(c.time), rupeesToPaise(c.close)] as [number, bigint])
              .sort((a, b) => a[0] - b[0]),
          );
        } catch (err) {
          this.o.log.warn({ err, symbol }, 'no daily history for the disposition effect');
        }
      }),
    );
    return (symbol: string, at: number): bigint | undefined => {
      const day = istDayNumber(at);
      if (day >= today) return live.get(symbol);
      let price: bigint | undefined;
      for (const [d, close] of closes.get(symbol) ?? []) {
        if (d > day) break;
        price = close;
      }
      return price;
    };
  }
}
