import type { Quote } from '@nivesh/shared';
import { count, money, signedMoney, signedPct } from '../saytrix.format.js';
import { askForStock, quoteAsOf } from './phrasing.js';
import type { Handler } from './types.js';

/** Two to four stocks side by side. */
export const compare: Handler = async ({ parsed, expert }, d) => {
  const quotes = await d.tools.quotes(parsed.symbols.slice(0, 4));
  if (quotes.length < 2)
    return askForStock(parsed, 'Which two stocks? For example: “compare TCS and Infosys”.');
  const header = '| | ' + quotes.map((q) => `**${q.symbol}**`).join(' | ') + ' |';
  const sep = '|---|' + quotes.map(() => '---:').join('|') + '|';
  const row = (label: string, f: (q: Quote) => string) => `| ${label} | ${quotes.map(f).join(' | ')} |`;
  const rows = [
    row('Price', (q) => money(q, q.price)),
    row('Change today', (q) => `${signedMoney(q, q.change)} (${signedPct(q.changePercent)})`),
    row('Day range', (q) => `${money(q, q.dayLow)} – ${money(q, q.dayHigh)}`),
    row('Volume', (q) => count(q.volume)),
  ];
  if (expert) {
    rows.push(
      row('52-week range', (q) =>
        q.yearLow !== null && q.yearHigh !== null
          ? `${money(q, q.yearLow)} – ${money(q, q.yearHigh)}`
          : 'N/A',
      ),
    );
    rows.push(row('P/E', (q) => (q.pe === null ? 'N/A' : q.pe.toFixed(2))));
  }
  const leader = [...quotes].sort((a, b) => b.changePercent - a.changePercent)[0]!;
  return {
    intent: 'compare',
    response: [
      [header, sep, ...rows].join('\n'),
      `**${leader.symbol}** ${leadWords(leader.changePercent)} today (${signedPct(leader.changePercent)}).`,
      quoteAsOf(d, quotes[0]!),
    ].join('\n\n'),
    suggestions: quotes.map((q) => `${q.symbol} chart`).slice(0, 2),
  };
};

/** "Ahead" beside a fall reads as a gain: the words follow the sign of the best day. */
const leadWords = (changePercent: number) =>
  changePercent > 0 ? 'is up the most' : changePercent < 0 ? 'fell the least' : 'is flat, the best of these';
