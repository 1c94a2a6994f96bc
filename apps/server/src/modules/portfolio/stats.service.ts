import { DAY_MS, formatInr, paiseToRupees, type Achievement, type TradingStats } from '@nivesh/shared';
import type { AccountRef } from '../../db/account-id.js';
import { addMonths } from '../../lib/dates.js';
import type { PortfolioService } from './portfolio.service.js';
import type { FillRecord, FillsService } from './fills.service.js';

const PORTFOLIO_BUILDER_HOLDINGS = 3;
const ACTIVE_TRADER_FILLS = 10;
const MARKET_EXPERT_SELLS = 10;
const MARKET_EXPERT_WIN_RATE = 80;
const LONG_TERM_MONTHS = 6;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** For each open position, when its quantity last rose from 0 (the fills replayed in order). */
export function holdingSince(
  fills: readonly Pick<FillRecord, 'symbol' | 'side' | 'quantity' | 'createdAt'>[],
): Map<string, Date> {
  const quantity = new Map<string, number>();
  const since = new Map<string, Date>();
  for (const fill of fills) {
    const before = quantity.get(fill.symbol) ?? 0;
    const after = before + (fill.side === 'BUY' ? fill.quantity : -fill.quantity);
    quantity.set(fill.symbol, after);
    if (before === 0 && after > 0) since.set(fill.symbol, fill.createdAt);
    if (after === 0) since.delete(fill.symbol);
  }
  return since;
}

/** Profile → Trading Performance and Achievements, from the user's own fills and positions. */
export class StatsService {
  constructor(private readonly o: { fills: FillsService; portfolio: PortfolioService; now?: () => number }) {}

  async stats(who: AccountRef): Promise<TradingStats> {
    const [fills, summary] = await Promise.all([
      this.o.fills.history(who.accountId),
      this.o.portfolio.summary(who),
    ]);
    const sells = fills.filter((f) => f.side === 'SELL');
    const wins = sells.filter((f) => f.realizedPnlPaise > 0n).length;
    const winRate = sells.length === 0 ? null : Math.round((wins / sells.length) * 1000) / 10;
    // The glossary's Best Trade: a sell that lost money is never the best trade.
    const best = sells.reduce<FillRecord | undefined>(
      (top, f) => (f.realizedPnlPaise > (top?.realizedPnlPaise ?? 0n) ? f : top),
      undefined,
    );
    const f = summary.figures;
    return {
      totalTrades: fills.length,
      winRate,
      // The glossary's Realised P&L, from the one place figures are computed.
      realizedPnL: f.realisedPnl,
      bestTrade: best
        ? {
            symbol: best.symbol,
            pnl: paiseToRupees(best.realizedPnlPaise),
            date: best.createdAt.toISOString(),
          }
        : null,
      achievements: this.achievements(fills, { sells: sells.length, wins, winRate }, f.holdings, f.totalPnl),
    };
  }

  private achievements(
    fills: FillRecord[],
    closed: { sells: number; wins: number; winRate: number | null },
    holdings: number,
    totalPnl: number,
  ): Achievement[] {
    const now = new Date(this.o.now?.() ?? Date.now());
    const oldest = [...holdingSince(fills).values()].reduce<Date | undefined>(
      (min, d) => (!min || d < min ? d : min),
      undefined,
    );
    const heldDays = oldest ? Math.floor((now.getTime() - oldest.getTime()) / DAY_MS) : 0;
    const gain = Math.round(totalPnl * 100) / 100;
    return [
      {
        id: 'first-trade',
        title: 'First Trade',
        description: 'Complete your first trade',
        earned: fills.length >= 1,
        progress: `${Math.min(fills.length, 1)} / 1 trade`,
      },
      {
        id: 'portfolio-builder',
        title: 'Portfolio Builder',
        description: `Hold ${PORTFOLIO_BUILDER_HOLDINGS} or more stocks at once`,
        earned: holdings >= PORTFOLIO_BUILDER_HOLDINGS,
        progress: `${Math.min(holdings, PORTFOLIO_BUILDER_HOLDINGS)} / ${PORTFOLIO_BUILDER_HOLDINGS} holdings`,
      },
      {
        id: 'profit-maker',
        title: 'Profit Maker',
        description: 'Have a positive Total P&L (realised + unrealised)',
        earned: gain > 0,
        progress: `Total P&L ${gain < 0 ? `\u2212${formatInr(-gain)}` : formatInr(Math.abs(gain))}`,
      },
      {
        id: 'active-trader',
        title: 'Active Trader',
        description: `Complete ${ACTIVE_TRADER_FILLS} trades`,
        earned: fills.length >= ACTIVE_TRADER_FILLS,
        progress: `${Math.min(fills.length, ACTIVE_TRADER_FILLS)} / ${ACTIVE_TRADER_FILLS} trades`,
      },
      {
        id: 'market-expert',
        title: 'Market Expert',
        description: `At least ${MARKET_EXPERT_SELLS} closed trades, ${MARKET_EXPERT_WIN_RATE}% or more of them profitable`,
        // Compared in whole counts, so 79.96% never rounds its way to 80%.
        earned:
          closed.sells >= MARKET_EXPERT_SELLS && closed.wins * 100 >= MARKET_EXPERT_WIN_RATE * closed.sells,
        progress: `${Math.min(closed.sells, MARKET_EXPERT_SELLS)} / ${MARKET_EXPERT_SELLS} closed trades, ${closed.winRate ?? 0}% profitable`,
      },
      {
        id: 'long-term-investor',
        title: 'Long Term Investor',
        description: `Hold a position for ${LONG_TERM_MONTHS} months`,
        earned: oldest !== undefined && addMonths(oldest, LONG_TERM_MONTHS) <= now,
        progress: oldest
          ? `Longest open holding: ${plural(heldDays, 'day')} / ${LONG_TERM_MONTHS} months`
          : `No open holding / ${LONG_TERM_MONTHS} months`,
      },
    ];
  }
}
