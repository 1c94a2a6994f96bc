import type { Quote } from '@nivesh/shared';
import { points, signedPct } from '../saytrix.format.js';
import { quoteAsOf, stockData } from './phrasing.js';
import type { Draft, Handler, HandlerDeps } from './types.js';

export function indexReply(d: HandlerDeps, quotes: Quote[], expert: boolean): Draft {
  const lines = quotes.map(
    (q) =>
      `**${q.name}** ${points(q.price)} (${q.change >= 0 ? '+' : '−'}${points(Math.abs(q.change))}, ${signedPct(q.changePercent)})${expert ? `; day range ${points(q.dayLow)} – ${points(q.dayHigh)}, previous close ${points(q.previousClose)}` : ''}`,
  );
  return {
    intent: 'index',
    response: [...lines, quoteAsOf(d, quotes[0]!)].join('\n\n'),
    // The card is the lead index: the one asked about, the first one named, or — for "the
    // market" — NIFTY 50, the benchmark every screen leads with. The lines state them all.
    stockData: stockData(quotes[0]!),
    suggestions: ["What are today's top gainers?", 'Top losers today', 'Bank Nifty', 'Portfolio analysis'],
  };
}

/** Index levels (points, not rupees); NIFTY 50 and SENSEX when none is named. */
export const indexLevel: Handler = async ({ parsed, expert }, d) => {
  const symbols = parsed.symbols.length ? parsed.symbols : ['NIFTY50', 'SENSEX'];
  const quotes = await d.tools.quotes(symbols);
  // In the order asked: a provider may answer a batch in its own order, and the first is the card.
  const rank = (q: Quote) => symbols.indexOf(q.symbol);
  return indexReply(
    d,
    [...quotes].sort((a, b) => rank(a) - rank(b)),
    expert,
  );
};
