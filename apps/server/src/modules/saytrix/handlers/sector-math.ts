import type { Instrument, Quote } from '@nivesh/shared';
import type { SaytrixTools } from '../saytrix.tools.js';
import { round2 } from './phrasing.js';

export interface SectorMove {
  sector: string;
  stocks: number;
  average: number;
  median: number;
  quotes: Quote[];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** The universe's Indian stocks that carry a sector, by sector. */
export function sectorsOf(instruments: readonly Instrument[]): Map<string, string[]> {
  const by = new Map<string, string[]>();
  for (const i of instruments) {
    if (i.type !== 'EQUITY' || i.currency !== 'INR' || !i.sector) continue;
    by.set(i.sector, [...(by.get(i.sector) ?? []), i.symbol]);
  }
  return by;
}

/** Today's % change per sector: the average and median of its stocks' day change. */
export async function sectorMoves(tools: SaytrixTools, only?: string): Promise<SectorMove[]> {
  const by = sectorsOf(tools.instruments());
  const wanted = [...by.entries()].filter(([s]) => !only || s.toLowerCase() === only.toLowerCase());
  const quotes = await tools.quotes(wanted.flatMap(([, symbols]) => symbols));
  const bySymbol = new Map(quotes.map((q) => [q.symbol, q]));
  return wanted
    .map(([sector, symbols]) => {
      const qs = symbols.map((s) => bySymbol.get(s)).filter((q): q is Quote => !!q);
      const changes = qs.map((q) => q.changePercent);
      return {
        sector,
        stocks: qs.length,
        average: changes.length ? round2(changes.reduce((a, b) => a + b, 0) / changes.length) : 0,
        median: changes.length ? round2(median(changes)) : 0,
        quotes: qs,
      };
    })
    .filter((m) => m.stocks > 0)
    .sort((a, b) => b.average - a.average);
}
