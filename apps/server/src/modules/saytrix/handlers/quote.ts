import type { Quote } from '@nivesh/shared';
import { count, money, signedPct } from '../saytrix.format.js';
import { indexReply } from './index-level.js';
import { askForStock, expertQuoteLines, stockReply } from './phrasing.js';
import type { Draft, Handler, HandlerDeps } from './types.js';

export const NO_ADVICE =
  'I don’t give tips, recommendations or predictions, so I can’t say whether to buy, sell or hold. Here are the facts:';

/** A stock's price; with `parsed.metric`, its 52-week range or 50/200-day average (casual mode too). */
export const quote: Handler = async ({ parsed, expert }, d) => {
  if (!parsed.symbols.length)
    return askForStock(parsed, 'Which stock? For example: “price of Reliance” or “TCS quote”.');
  const q = await d.tools.quote(parsed.symbols[0]!);
  if (q.exchange === 'INDEX') return indexReply(d, [q], expert);
  if (parsed.metric) return metric(d, q, parsed.metric);
  const dir = q.change > 0 ? 'up' : q.change < 0 ? 'down' : 'unchanged';
  const lines = [
    `**${q.name} (${q.symbol})** is at **${money(q, q.price)}**, ${dir === 'unchanged' ? 'unchanged' : `${dir} ${money(q, Math.abs(q.change))} (${signedPct(q.changePercent)})`} today.`,
    `Day range ${money(q, q.dayLow)} – ${money(q, q.dayHigh)}; previous close ${money(q, q.previousClose)}; volume ${count(q.volume)}.`,
  ];
  if (expert) lines.push(...expertQuoteLines(q));
  // An advice question about one stock: no advice, only the facts.
  if (parsed.tip) lines.unshift(NO_ADVICE);
  return stockReply(d, 'quote', q, lines, [
    `Buy 1 ${q.symbol}`,
    `${q.symbol} chart`,
    `News about ${q.symbol}`,
    `Add ${q.symbol} to my watchlist`,
  ]);
};

async function metric(d: HandlerDeps, q: Quote, which: '52w' | 'dma50' | 'dma200'): Promise<Draft> {
  const lines: string[] = [];
  if (which === '52w') {
    lines.push(
      q.yearLow !== null && q.yearHigh !== null
        ? `**${q.name} (${q.symbol})** 52-week high **${money(q, q.yearHigh)}**, low **${money(q, q.yearLow)}**; it is at ${money(q, q.price)} now.`
        : `The 52-week range of **${q.symbol}** is not available from the market data right now.`,
    );
  } else {
    const days = which === 'dma50' ? 50 : 200;
    // The quote's own average (what the stock page shows) first; the chart's SMA where the
    // market data gives none.
    const avg =
      (which === 'dma50' ? q.priceAvg50 : q.priceAvg200) ?? (await d.tools.movingAverage(q.symbol, days));
    lines.push(
      avg === null
        ? `There are fewer than ${days} daily closes of **${q.symbol}**, so there is no ${days}-day average.`
        : `**${q.name} (${q.symbol})** ${days}-day average close **${money(q, avg)}**; it is at ${money(q, q.price)} now (${signedPct(((q.price - avg) / avg) * 100)} from the average).`,
    );
  }
  return {
    ...stockReply(d, 'quote', q, lines, [
      `${q.symbol} 52 week high`,
      `${q.symbol} 200 day average`,
      `${q.symbol} chart`,
    ]),
    confidence: 'high',
  };
}
