// Figure accuracy: a set-B line may name a figure ("figure": "price"); the scorer reads that
// figure from the app's own endpoint (quote, portfolio account, holdings, leaderboard — not from
// Saytrix) right before and right after the chat call, and the line is exact when the reply states
// one of the two values as the app formats it.
import { formatInr, type SaytrixReply } from '@nivesh/shared';
import { getData, type App } from './setup.js';

interface Quote {
  price: number;
  changePercent: number;
  yearHigh: number | null;
  yearLow: number | null;
  priceAvg50: number | null;
  priceAvg200: number | null;
}
interface Holding {
  symbol: string;
  quantity: number;
  averagePrice: number;
}
type Kind = 'money' | 'percent' | 'level' | 'count';
interface Reader {
  kind: Kind;
  read: (app: App, authorization: string, symbol: string | undefined) => Promise<number | undefined>;
  /** The stockData field that carries the same figure, if any. */
  stockData?: 'price' | 'changesPercentage';
}

const quote = (field: keyof Quote, stockData?: Reader['stockData'], kind: Kind = 'money'): Reader => ({
  kind,
  stockData,
  read: async (app, authorization, symbol) => {
    if (!symbol) return undefined;
    const q = await getData<Quote>(app, authorization, `/api/stocks/quote/${encodeURIComponent(symbol)}`);
    return q?.[field] ?? undefined;
  },
});
const account = (field: string): Reader => ({
  kind: 'money',
  read: async (app, authorization) => {
    const a = await getData<{ figures: Record<string, number> }>(
      app,
      authorization,
      '/api/portfolio/account',
    );
    return a?.figures[field];
  },
});
const holding = (field: 'quantity' | 'averagePrice', kind: Kind): Reader => ({
  kind,
  read: async (app, authorization, symbol) => {
    const rows = (await getData<Holding[]>(app, authorization, '/api/portfolio/holdings')) ?? [];
    const mine = rows.filter((r) => r.symbol === symbol);
    if (field === 'quantity') return mine.reduce((n, r) => n + r.quantity, 0);
    return mine[0]?.averagePrice;
  },
});

export const FIGURE_READERS: Record<string, Reader> = {
  price: quote('price', 'price'),
  dayChangePercent: quote('changePercent', 'changesPercentage', 'percent'),
  week52High: quote('yearHigh'),
  week52Low: quote('yearLow'),
  priceAvg50: quote('priceAvg50'),
  priceAvg200: quote('priceAvg200'),
  indexLevel: quote('price', 'price', 'level'),
  availableCash: account('availableCash'),
  totalValue: account('totalValue'),
  totalPnl: account('totalPnl'),
  realisedPnl: account('realisedPnl'),
  unrealisedPnl: account('unrealisedPnl'),
  daysPnl: account('daysPnl'),
  holdingQuantity: holding('quantity', 'count'),
  averagePrice: holding('averagePrice', 'money'),
  leaderboardRank: {
    kind: 'count',
    read: async (app, authorization) => {
      const board = await getData<{ you?: { row?: { rank: number } | null } }>(
        app,
        authorization,
        '/api/leaderboard',
      );
      return board?.you?.row?.rank;
    },
  },
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const grouped = (n: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);

/**
 * Whether the reply states the value: money as ₹1,23,456.78 (the sign is the reply's wording, so
 * the magnitude is matched), a percent with two decimals, an index level with Indian grouping
 * (₹ optional), a count as a whole word; or the same number in stockData.
 */
export function statesFigure(reply: SaytrixReply, key: string, value: number): boolean {
  const reader = FIGURE_READERS[key];
  if (!reader) return false;
  const field = reader.stockData;
  if (field && reply.stockData && Math.abs(reply.stockData[field] - value) < 0.005) return true;
  const text = reply.response;
  const abs = Math.abs(value);
  let pattern: string;
  if (reader.kind === 'money') pattern = `${escape(formatInr(abs))}(?![\\d])`;
  else if (reader.kind === 'percent') pattern = `(?<![\\d.])${escape(abs.toFixed(2))}\\s?%`;
  else if (reader.kind === 'level') pattern = `(?<![\\d.,])₹?${escape(grouped(abs))}(?![\\d])`;
  else pattern = `(?<![\\d.,₹])${abs}(?![\\d.,])`;
  return new RegExp(pattern).test(text);
}

export async function readFigure(
  app: App,
  authorization: string,
  key: string,
  symbol: string | undefined,
): Promise<number | undefined> {
  return FIGURE_READERS[key]?.read(app, authorization, symbol);
}
