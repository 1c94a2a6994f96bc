import type { NewsCategory } from '@nivesh/shared';

/** First rule that matches wins: results beat policy beats economy; a company beats the market. */
const EARNINGS =
  /\b(Q[1-4]|quarter(?:ly)?|results?|earnings|net profit|profit (?:rises|falls|jumps|slips|doubles|zooms)|revenue|EBITDA|guidance|dividend|June quarter|March quarter)\b/i;
const POLICY =
  /\b(RBI|SEBI|Sebi|repo rate|monetary policy|policy|regulat\w*|government|ministry|GST|tax|tariffs?|budget|ITR|income tax|circular|rules?|law|ban)\b/i;
const ECONOMY =
  /\b(GDP|inflation|CPI|WPI|IIP|economy|economic|rupee|crude|oil prices?|brent|bond yields?|yields?|fiscal|trade deficit|exports?|imports?|jobs?|employment|PMI|forex)\b/i;
const MARKET =
  /\b(sensex|nifty|markets?|indices|benchmark|dalal street|FIIs?|DIIs?|stock market|trading session)\b/i;

export function newsCategory(title: string, summary: string, symbols: readonly string[]): NewsCategory {
  const companies = symbols.filter((s) => !INDEX_SYMBOLS.has(s));
  if (EARNINGS.test(title)) return 'earnings';
  if (POLICY.test(title)) return 'policy';
  if (companies.length > 0 && !MARKET.test(title)) return 'stocks';
  if (MARKET.test(title)) return 'market';
  if (ECONOMY.test(title)) return 'economy';
  if (companies.length > 0) return 'stocks';
  if (EARNINGS.test(summary)) return 'earnings';
  if (ECONOMY.test(summary)) return 'economy';
  return 'market';
}

export const INDEX_SYMBOLS = new Set(['NIFTY50', 'SENSEX', 'NIFTYBANK', 'NIFTYIT']);

/** Words a reader reads per minute; a headline-and-snippet card still takes a minute. */
export function readTimeMinutes(...texts: (string | null | undefined)[]): number {
  const words = texts.join(' ').split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}
