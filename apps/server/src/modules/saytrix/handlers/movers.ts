import { count, money, signedPct } from '../saytrix.format.js';
import { quoteAsOf } from './phrasing.js';
import type { Handler } from './types.js';

/** The market's top gainers, losers or most active stocks. */
export const movers: Handler = async ({ parsed }, d) => {
  const type = parsed.movers ?? 'gainers';
  const list = await d.tools.movers(type, 5);
  // A gainer rose and a loser fell: on a day the whole market falls there may be none to list.
  if (!list.length)
    return {
      intent: 'movers',
      response:
        type === 'gainers'
          ? 'No stock is up on the day right now.'
          : type === 'losers'
            ? 'No stock is down on the day right now.'
            : 'No market movers are available right now.',
      confidence: 'low',
    };
  const title = type === 'gainers' ? 'Top gainers' : type === 'losers' ? 'Top losers' : 'Most active';
  const rows = list.map(
    (q, i) =>
      `${i + 1}. **${q.symbol}** ${money(q, q.price)} (${signedPct(q.changePercent)})${type === 'active' ? `, volume ${count(q.volume)}` : ''}`,
  );
  return {
    intent: 'movers',
    response: [
      // "stocks at a 52-week high": no such screen yet (over the whole universe it is too slow on
      // PGlite); say so rather than pass the day's movers off as it.
      ...(parsed.metric === '52w'
        ? [
            `I can't screen the market by 52-week ${type === 'losers' ? 'low' : 'high'} yet; ask “52 week high of TCS” for one stock. The closest list I have:`,
          ]
        : []),
      `**${title} today:**`,
      rows.join('\n'),
      quoteAsOf(d, list[0]!),
    ].join('\n\n'),
    suggestions: [
      type === 'gainers' ? 'Top losers today' : "What are today's top gainers?",
      `Tell me about ${list[0]!.symbol}`,
      'Most active stocks',
      'Show me NIFTY performance',
    ].filter((s, i, all) => all.indexOf(s) === i),
  };
};
