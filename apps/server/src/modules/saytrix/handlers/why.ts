import { plural } from '@nivesh/shared';
import { money, signedPct } from '../saytrix.format.js';
import { askForStock, quoteAsOf, round2, stockData } from './phrasing.js';
import { toHeadlines } from './headlines.js';
import { sectorMoves } from './sector-math.js';
import type { Handler, HandlerDeps } from './types.js';

/** Today's IST date (YYYY-MM-DD) on the market clock. */
const istDay = (ms: number) => new Date(ms + 5.5 * 3600_000).toISOString().slice(0, 10);

async function todaysNews(d: HandlerDeps, symbol: string) {
  const source = d.tools.news;
  if (!source) return [];
  const from = istDay(d.now());
  const [tagged, desk] = await Promise.all([
    source.search({ symbol, from, limit: 5 }),
    source.search({ symbol, from, origin: 'desk', limit: 3 }),
  ]);
  const seen = new Set<string>();
  return [...desk, ...tagged].filter((n) => !seen.has(n.title) && seen.add(n.title));
}

/**
 * "Why did X move today": the facts beside the move — X against NIFTY 50 and its sector's average
 * today, and the day's headlines tagged with X (market-desk notes first). Never a guessed cause.
 */
export const why: Handler = async ({ parsed }, d) => {
  if (!parsed.symbols.length)
    return askForStock(parsed, 'Which stock? For example: “why did TCS move today?”.');
  const q = await d.tools.quote(parsed.symbols[0]!);
  const sector = d.tools.instruments().find((i) => i.symbol === q.symbol)?.sector ?? undefined;
  const [[nifty], moves, items] = await Promise.all([
    d.tools.quotes(['NIFTY50']),
    sector ? sectorMoves(d.tools, sector) : Promise.resolve([]),
    todaysNews(d, q.symbol),
  ]);
  const lines = [
    `**${q.name} (${q.symbol})** is ${signedPct(q.changePercent)} today at ${money(q, q.price)}.`,
  ];
  if (nifty)
    lines.push(
      `NIFTY 50 is ${signedPct(nifty.changePercent)}, so ${q.symbol} is ${signedPct(round2(q.changePercent - nifty.changePercent))} against the market.`,
    );
  const m = moves[0];
  if (m)
    lines.push(
      `Its sector, ${m.sector}, averages ${signedPct(m.average)} (${m.stocks} stocks): ${q.symbol} is ${signedPct(round2(q.changePercent - m.average))} against it.`,
    );
  lines.push(
    items.length
      ? `${plural(items.length, 'headline')} about ${q.symbol} today:`
      : d.tools.scope?.replayId
        ? `There is no news inside a replay, and I don't guess at causes.`
        : `No headline about ${q.symbol} today in the news store, and I don't guess at causes.`,
  );
  lines.push(quoteAsOf(d, q));
  return {
    intent: 'why',
    response: lines.join('\n\n'),
    stockData: stockData(q),
    ...(items.length ? { headlines: toHeadlines(items) } : {}),
    suggestions: [`News about ${q.symbol}`, `${q.symbol} chart`, 'Sector movers today'],
    confidence: 'high',
  };
};
