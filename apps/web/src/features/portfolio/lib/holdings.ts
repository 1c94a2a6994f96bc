import type { Holding, QuoteEvent } from '@nivesh/shared';

export const HOLDING_FILTERS = [
  { key: 'all', label: 'All Holdings' },
  { key: 'gainers', label: 'Gainers Only' },
  { key: 'losers', label: 'Losers Only' },
] as const;
export type HoldingFilter = (typeof HOLDING_FILTERS)[number]['key'];

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * A holding re-valued at a newer live tick, the same way the server values it (value − cost basis;
 * day change is the per-share change times the quantity), so P&L moves without a refetch.
 */
export function withLivePrice(holding: Holding, event: QuoteEvent | undefined): Holding {
  if (!event || event.lastUpdated < holding.lastUpdated) return holding;
  const value = round2(event.price * holding.quantity);
  const pnl = round2(value - holding.totalInvested);
  const pnlPct = holding.totalInvested > 0 ? round2((pnl / holding.totalInvested) * 100) : 0;
  return {
    ...holding,
    currentPrice: event.price,
    currentValue: value,
    value,
    totalValue: value,
    pnl,
    gainLoss: pnl,
    pnlPercentage: pnlPct,
    gainLossPercentage: pnlPct,
    dayChange: round2(event.change * holding.quantity),
    dayChangePercent: event.changePercent,
    lastUpdated: event.lastUpdated,
  };
}

/** Spec §2: the filter keeps gainers (P&L > 0) or losers (P&L < 0); the list is by value, largest first. */
export function visibleHoldings(holdings: readonly Holding[], filter: HoldingFilter): Holding[] {
  const kept = holdings.filter((h) => (filter === 'gainers' ? h.pnl > 0 : filter === 'losers' ? h.pnl < 0 : true));
  return kept.sort((a, b) => b.value - a.value || a.symbol.localeCompare(b.symbol));
}

export interface PortfolioTotals {
  value: number;
  invested: number;
  pnl: number;
  pnlPercent: number;
  dayChange: number;
}

export function portfolioTotals(holdings: readonly Holding[]): PortfolioTotals {
  const value = round2(holdings.reduce((s, h) => s + h.value, 0));
  const invested = round2(holdings.reduce((s, h) => s + h.totalInvested, 0));
  const pnl = round2(value - invested);
  return {
    value,
    invested,
    pnl,
    pnlPercent: invested > 0 ? round2((pnl / invested) * 100) : 0,
    dayChange: round2(holdings.reduce((s, h) => s + h.dayChange, 0)),
  };
}

export type SellQuantity = { ok: true; quantity: number } | { ok: false; message: string };

/** The prompt-style sell (spec §2): a whole number above zero and no more than is held. */
export function parseSellQuantity(input: string, held: number): SellQuantity {
  const text = input.trim();
  if (!/^\d+$/.test(text)) return { ok: false, message: 'Please enter a valid number of shares' };
  const quantity = Number(text);
  if (quantity <= 0) return { ok: false, message: 'Please enter a valid number of shares' };
  if (quantity > held) return { ok: false, message: `You only have ${held} shares available` };
  return { ok: true, quantity };
}
