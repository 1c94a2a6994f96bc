import type { Quote } from '@nivesh/shared';
import { money, signedPct } from '../saytrix.format.js';
import { quoteAsOf } from './phrasing.js';
import type { Draft, HandlerDeps } from './types.js';

/** How close to the 52-week extreme a stock must be to count as "at" it. */
const NEAR_PCT = 2;

/** How far the price is from its 52-week high (or low), in % of that level; null without the figure. */
function gapPct(q: Quote, side: 'high' | 'low'): number | null {
  const level = side === 'high' ? q.yearHigh : q.yearLow;
  if (level === null || level <= 0) return null;
  return (Math.abs(q.price - level) / level) * 100;
}

/**
 * "Stocks at a 52-week high": the universe's Indian stocks nearest their 52-week high (or low),
 * from the same quotes as every stock card; says plainly when none is within NEAR_PCT%.
 */
export async function yearExtremes(d: HandlerDeps, side: 'high' | 'low'): Promise<Draft> {
  const symbols = d.tools
    .instruments()
    .filter((i) => i.type === 'EQUITY' && i.currency === 'INR')
    .map((i) => i.symbol);
  const ranked = (await d.tools.quotes(symbols))
    .map((q) => ({ q, gap: gapPct(q, side) }))
    .filter((r): r is { q: Quote; gap: number } => r.gap !== null)
    .sort((a, b) => a.gap - b.gap || a.q.symbol.localeCompare(b.q.symbol));
  if (!ranked.length)
    return { intent: 'movers', response: 'No 52-week figures are available right now.', confidence: 'low' };
  const near = ranked.filter((r) => r.gap <= NEAR_PCT);
  const shown = (near.length ? near : ranked).slice(0, 5);
  const word = side === 'high' ? 'high' : 'low';
  const row = ({ q }: { q: Quote }, i: number) =>
    `${i + 1}. **${q.symbol}** ${money(q, q.price)} (${signedPct(q.changePercent)} today), 52-week ${word} ${money(q, (side === 'high' ? q.yearHigh : q.yearLow)!)}`;
  const title = near.length
    ? `**Stocks within ${NEAR_PCT}% of their 52-week ${word}** (${near.length}):`
    : `No stock is within ${NEAR_PCT}% of its 52-week ${word} now. Closest:`;
  return {
    intent: 'movers',
    response: [title, shown.map(row).join('\n'), quoteAsOf(d, shown[0]!.q)].join('\n\n'),
    suggestions: [
      side === 'high' ? 'Stocks at a 52 week low' : 'Stocks at a 52 week high',
      "What are today's top gainers?",
      `${shown[0]!.q.symbol} 52 week high`,
    ],
    confidence: 'high',
  };
}
