import { FIGURES, isCashEntry, plural } from '@nivesh/shared';
import { dateIst, dateTimeIst, inr } from '../saytrix.format.js';
import { aboutOne, followUpContext } from './phrasing.js';
import type { Handler } from './types.js';

/**
 * What the user bought and sold: completed fills only (a resting order is pending, not a trade).
 * "Bought" is the glossary's Total Bought (fill price × quantity), never the held cost basis.
 */
export const transactions: Handler = async (turn, d) => {
  const { userId, parsed } = turn;
  const { data, summary } = await d.tools.transactions(userId, {
    side: parsed.side,
    from: parsed.from,
    to: parsed.to,
    symbol: parsed.symbols[0],
    status: 'completed',
    limit: 5,
  });
  const period = parsed.from
    ? ` since ${dateIst(parsed.from)}${parsed.to ? ` until ${dateIst(parsed.to)}` : ''}`
    : '';
  const what = parsed.side === 'BUY' ? 'buy' : parsed.side === 'SELL' ? 'sale' : 'trade';
  const fills = data.filter((t) => !isCashEntry(t.type));
  const context = followUpContext(turn);
  const extra = context ? { context } : {};
  // The stock and side asked about, for the client's card.
  const params = { path: '/history', ...aboutOne(parsed), ...(parsed.side ? { side: parsed.side } : {}) };
  const symbol = parsed.symbols.length === 1 ? ` in ${parsed.symbols[0]}` : '';
  if (!summary.filledOrders) {
    return {
      intent: 'transactions',
      response: `No ${what}s${symbol}${period}.`,
      action: 'navigate',
      params,
      suggestions: ['Portfolio analysis', 'Show my orders'],
      ...extra,
    };
  }
  const rows = fills.map(
    (t) =>
      `- ${t.type.toUpperCase()} ${plural(t.quantity, 'share')} of **${t.symbol}** at ${inr(t.price)} = ${inr(t.totalAmount)}, fees ${inr(t.fees)} (${dateTimeIst(t.timestamp)} IST)`,
  );
  const totals = [
    parsed.side !== 'SELL' ? `${FIGURES.totalBought.name} ${inr(summary.totalBought)}` : '',
    parsed.side !== 'BUY' ? `${FIGURES.totalSold.name} ${inr(summary.totalSold)}` : '',
    `fees paid ${inr(summary.totalFees)}`,
  ].filter(Boolean);
  return {
    intent: 'transactions',
    response: [
      `**${plural(summary.filledOrders, what)}${symbol}${period}.** ${totals.join(', ')}.`,
      `Latest:\n${rows.join('\n')}`,
    ].join('\n\n'),
    action: 'navigate',
    params,
    suggestions: ['Portfolio analysis', 'Show my orders', 'How much cash do I have?'],
    ...extra,
  };
};
