import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsvRecords } from '../../lib/csv.js';

export const ARCHIVE_FILE = 'india_market_news_2026-07-15_to_2026-07-23.csv';

export interface ArchiveRow {
  docId: string;
  title: string;
  description: string;
  publishedAt: string;
  source: string;
}

/** The bundled NewsAPI archive, as its rows are (the `ticker` column was the search word, not a tag). */
export function loadArchive(dir: string): ArchiveRow[] {
  const text = readFileSync(path.join(dir, ARCHIVE_FILE), 'utf8');
  const [header, ...rows] = parseCsvRecords(text);
  const col = (name: string) => header!.indexOf(name);
  const [t, d, p, s, id] = ['title', 'description', 'publishedAt', 'source', 'doc_id'].map(col);
  return rows
    .filter((r) => r.length >= header!.length)
    .map((r) => ({
      docId: r[id!]!,
      title: r[t!]!.trim(),
      description: r[d!]!.trim(),
      // "2026-07-23 16:12:44+00:00" → an ISO instant.
      publishedAt: new Date(r[p!]!.replace(' ', 'T')).toISOString(),
      source: r[s!]!.trim(),
    }));
}

/**
 * NewsAPI matched the words "TCS", "Reliance" or "Sensex" anywhere, so the archive holds genomics
 * papers and US press releases too. A row is kept when it names an Indian instrument or is about
 * the Indian market or economy.
 */
const INDIA =
  /\b(india|indian|sensex|nifty|dalal street|rbi|sebi|rupee|crore|lakh|nse|bse|mumbai|bengaluru|delhi|itr|fy2?\d)\b|₹|\bRs\.? ?\d/i;
export function isIndiaMarketNews(row: ArchiveRow, symbols: readonly string[]): boolean {
  return symbols.length > 0 || INDIA.test(`${row.title} ${row.description}`);
}
