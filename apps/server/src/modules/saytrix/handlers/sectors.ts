import { money, points, signedPct } from '../saytrix.format.js';
import { quoteAsOf } from './phrasing.js';
import { sectorMoves, type SectorMove } from './sector-math.js';
import type { Draft, Handler, HandlerDeps } from './types.js';

const SECTOR_INDICES = ['NIFTYIT', 'NIFTYBANK'];

async function indexLines(d: HandlerDeps) {
  const quotes = await d.tools.quotes(SECTOR_INDICES);
  return quotes.map((q) => `**${q.name}** ${points(q.price)} (${signedPct(q.changePercent)})`);
}

function oneSector(d: HandlerDeps, m: SectorMove, indices: string[], index?: string): Draft {
  const sorted = [...m.quotes].sort((a, b) => b.changePercent - a.changePercent);
  const row = (q: (typeof sorted)[number]) =>
    `**${q.symbol}** ${money(q, q.price)} (${signedPct(q.changePercent)})`;
  return {
    intent: 'sectors',
    response: [
      `**${m.sector}** today: average ${signedPct(m.average)}, median ${signedPct(m.median)} across ${m.stocks} stocks.`,
      `Best: ${sorted.slice(0, 3).map(row).join(', ')}.`,
      `Worst: ${sorted.slice(-3).reverse().map(row).join(', ')}.`,
      ...indices,
      quoteAsOf(d, sorted[0]!),
    ].join('\n\n'),
    suggestions: ['Sector movers today', `Tell me about ${sorted[0]!.symbol}`],
    confidence: 'high',
    // The sector's own index (NIFTY IT, NIFTY BANK) when it has one, as the card's subject.
    ...(index ? { params: { sector: m.sector, symbol: index } } : { params: { sector: m.sector } }),
  };
}

/** Sector movers from the universe's `sector` column, and the NIFTY IT / NIFTY BANK levels. */
export const sectors: Handler = async ({ parsed }, d) => {
  const [moves, indices] = await Promise.all([sectorMoves(d.tools, parsed.sector), indexLines(d)]);
  if (parsed.sector) {
    const m = moves[0];
    if (!m)
      return {
        intent: 'sectors',
        response: `No stock in the universe has the sector “${parsed.sector}”.`,
        suggestions: ['Sector movers today'],
        confidence: 'low',
      };
    return oneSector(
      d,
      m,
      indices,
      parsed.symbols.find((s) => SECTOR_INDICES.includes(s)),
    );
  }
  if (!moves.length)
    return { intent: 'sectors', response: 'No sector data is available right now.', confidence: 'low' };
  const rows = moves.map(
    (m) =>
      `- **${m.sector}** ${signedPct(m.average)} average, ${signedPct(m.median)} median (${m.stocks} stocks)`,
  );
  return {
    intent: 'sectors',
    response: [
      '**Sectors today**, best first:',
      rows.join('\n'),
      ...indices,
      quoteAsOf(d, moves[0]!.quotes[0]!),
    ].join('\n\n'),
    suggestions: [`How is ${moves[0]!.sector} doing?`, 'Top gainers today'],
    confidence: 'high',
  };
};
