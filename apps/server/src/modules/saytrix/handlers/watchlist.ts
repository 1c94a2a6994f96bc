import { plural, type Watchlist } from '@nivesh/shared';
import { money, signedPct } from '../saytrix.format.js';
import { askForStock, quoteAsOf, says, stockData } from './phrasing.js';
import type { Draft, Handler, HandlerDeps, Turn } from './types.js';

const listsWith = (lists: Watchlist[], symbol: string) =>
  lists.filter((l) => l.stocks.some((s) => s.symbol === symbol));

/**
 * The watchlist: its contents with prices, "is X on it?", and — on an instruction only — add or
 * remove proposals. A symbol alone is a question about it unless the turn is an instruction.
 */
export const watchlist: Handler = async (turn, d) => {
  const { parsed } = turn;
  const op =
    parsed.op ??
    (parsed.symbols.length || parsed.needsStock ? (parsed.imperative ? 'add' : 'status') : 'list');
  // "Is TCS in my watchlist?" names one stock: it is a question about that stock, not the whole list.
  if (op === 'list' && parsed.symbols.length !== 1) return list(turn, d);
  if (!parsed.symbols.length)
    return askForStock(
      parsed,
      `Which stock${op === 'remove' ? ' should I remove from' : op === 'add' ? ' should I add to' : ' on'} your watchlist?`,
    );
  const q = await d.tools.quote(parsed.symbols[0]!);
  const found = listsWith(await d.tools.watchlists(turn.userId), q.symbol);
  const names = found.map((l) => `“${l.name}”`).join(', ');
  if (parsed.imperative === true && op === 'remove') {
    if (!found.length)
      return says(
        'watchlist',
        `**${q.symbol}** is not on your watchlist, so there is nothing to remove.`,
        ['Show my watchlist'],
        q.symbol,
      );
    return {
      intent: 'watchlist',
      response: `Remove **${q.name} (${q.symbol})** from your watchlist ${names}? Confirm it on the card.`,
      action: 'remove_watchlist',
      params: { symbol: q.symbol },
      stockData: stockData(q),
      suggestions: ['Show my watchlist'],
      confidence: 'high',
    };
  }
  if (parsed.imperative === true && op === 'add') {
    if (found.length)
      return says(
        'watchlist',
        `**${q.symbol}** is already on your watchlist ${names}.`,
        ['Show my watchlist'],
        q.symbol,
      );
    return {
      intent: 'watchlist',
      response: [
        `Add **${q.name} (${q.symbol})** to your watchlist? It is at ${money(q, q.price)} (${signedPct(q.changePercent)} today).`,
        quoteAsOf(d, q),
      ].join('\n\n'),
      action: 'add_watchlist',
      params: { symbol: q.symbol },
      stockData: stockData(q),
      suggestions: ['Show my watchlist', `${q.symbol} chart`],
    };
  }
  return contains(d, q, found, names);
};

function contains(
  d: HandlerDeps,
  q: Awaited<ReturnType<HandlerDeps['tools']['quote']>>,
  found: Watchlist[],
  names: string,
): Draft {
  return {
    intent: 'watchlist',
    response: [
      found.length
        ? `Yes, **${q.symbol}** is on your watchlist ${names}; it is at ${money(q, q.price)} (${signedPct(q.changePercent)} today).`
        : `No, **${q.symbol}** is not on your watchlist. It is at ${money(q, q.price)} (${signedPct(q.changePercent)} today).`,
      quoteAsOf(d, q),
    ].join('\n\n'),
    stockData: stockData(q),
    suggestions: found.length
      ? [`Remove ${q.symbol} from my watchlist`, 'Show my watchlist']
      : [`Add ${q.symbol} to my watchlist`, 'Show my watchlist'],
    confidence: 'high',
  };
}

async function list({ userId }: Turn, d: HandlerDeps): Promise<Draft> {
  const lists = await d.tools.watchlists(userId);
  const symbols = [...new Set(lists.flatMap((l) => l.stocks.map((s) => s.symbol)))];
  if (!symbols.length)
    return {
      intent: 'watchlist',
      response: 'Your watchlist is empty. Try “add TCS to my watchlist”.',
      action: 'navigate',
      params: { path: '/watchlist' },
      suggestions: ['Add TCS to my watchlist'],
    };
  const quotes = await d.tools.quotes(symbols.slice(0, 10));
  const rows = quotes.map((q) => `- **${q.symbol}** ${money(q, q.price)} (${signedPct(q.changePercent)})`);
  return {
    intent: 'watchlist',
    response: [
      `Your watchlist (${plural(symbols.length, 'stock')}${symbols.length > 10 ? ', the first 10 shown' : ''}):`,
      rows.join('\n'),
      quotes[0] ? quoteAsOf(d, quotes[0]) : '',
    ]
      .filter(Boolean)
      .join('\n\n'),
    action: 'navigate',
    params: { path: '/watchlist' },
    suggestions: quotes.slice(0, 3).map((q) => `Tell me about ${q.symbol}`),
  };
}
