/**
 * Stock search scoring: the symbol earns the best of exact 100 / prefix 50 / contains
 * 25; the name the best of exact 75 / prefix 40 / word prefix 30 / contains 20; the two add up,
 * and an Indian listing (NSE, BSE or an Indian index) earns +10 when anything matched. Results
 * list Indian instruments first, then by score, then by symbol.
 */
export interface Searchable {
  symbol: string;
  name: string;
  exchange: string;
  /** Other codes that count as the symbol, e.g. the 6-digit BSE code. */
  aliases?: readonly string[];
}

export const SEARCH_SCORES = {
  exactSymbol: 100,
  symbolPrefix: 50,
  symbolContains: 25,
  exactName: 75,
  namePrefix: 40,
  wordPrefix: 30,
  nameContains: 20,
  indian: 10,
} as const;

export const isIndianExchange = (exchange: string) =>
  exchange === 'NSE' || exchange === 'BSE' || exchange === 'INDEX';

/** Upper-cases and drops a .NS/.BO suffix, so 'reliance.ns' searches like 'RELIANCE'. */
export function normaliseQuery(query: string): string {
  return query
    .trim()
    .toUpperCase()
    .replace(/\.(NS|BO)$/, '');
}

function symbolScore(q: string, symbol: string): number {
  if (symbol === q) return SEARCH_SCORES.exactSymbol;
  if (symbol.startsWith(q)) return SEARCH_SCORES.symbolPrefix;
  if (symbol.includes(q)) return SEARCH_SCORES.symbolContains;
  return 0;
}

function nameScore(q: string, name: string): number {
  const n = name.toUpperCase();
  if (n === q) return SEARCH_SCORES.exactName;
  if (n.startsWith(q)) return SEARCH_SCORES.namePrefix;
  if (n.split(/[\s.,&()-]+/).some((word) => word.length > 0 && word.startsWith(q)))
    return SEARCH_SCORES.wordPrefix;
  if (n.includes(q)) return SEARCH_SCORES.nameContains;
  return 0;
}

/** Score of one instrument for a normalised query (see normaliseQuery); 0 means no match. */
export function scoreInstrument(q: string, item: Searchable): number {
  const sym = Math.max(symbolScore(q, item.symbol), ...(item.aliases ?? []).map((a) => symbolScore(q, a)));
  const total = sym + nameScore(q, item.name);
  if (total === 0) return 0;
  return total + (isIndianExchange(item.exchange) ? SEARCH_SCORES.indian : 0);
}

export function searchInstruments<T extends Searchable>(
  query: string,
  items: readonly T[],
  limit: number,
): (T & { score: number })[] {
  const q = normaliseQuery(query);
  if (q.length < 2) return [];
  const hits: (T & { score: number })[] = [];
  for (const item of items) {
    const score = scoreInstrument(q, item);
    if (score > 0) hits.push({ ...item, score });
  }
  hits.sort(
    (a, b) =>
      Number(isIndianExchange(b.exchange)) - Number(isIndianExchange(a.exchange)) ||
      b.score - a.score ||
      a.symbol.localeCompare(b.symbol),
  );
  return hits.slice(0, limit);
}
