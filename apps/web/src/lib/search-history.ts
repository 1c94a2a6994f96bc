import { SEARCH_MIN_LENGTH } from '@nivesh/shared';
import { storage } from './storage';

/** 10 saved, 5 shown; only queries of at least 2 characters are kept. */
export const HISTORY_SAVED = 10;
export const HISTORY_SHOWN = 5;

export interface SearchHistoryItem {
  query: string;
  timestamp: string;
  type: 'stocks';
  resultsCount: number;
  hasResults: boolean;
}

export function readHistory(): SearchHistoryItem[] {
  try {
    const parsed: unknown = JSON.parse(storage.get('searchHistory') ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (i): i is SearchHistoryItem =>
        typeof i === 'object' && i !== null && typeof (i as SearchHistoryItem).query === 'string',
    );
  } catch {
    return [];
  }
}

/** Newest first; searching the same words again moves them to the top instead of duplicating them. */
export function saveSearch(query: string, resultsCount: number): SearchHistoryItem[] {
  const q = query.trim();
  const current = readHistory();
  if (q.length < SEARCH_MIN_LENGTH) return current;
  const item: SearchHistoryItem = {
    query: q,
    timestamp: new Date().toISOString(),
    type: 'stocks',
    resultsCount,
    hasResults: resultsCount > 0,
  };
  const next = [item, ...current.filter((i) => i.query.toLowerCase() !== q.toLowerCase())].slice(
    0,
    HISTORY_SAVED,
  );
  storage.set('searchHistory', JSON.stringify(next));
  return next;
}

export function clearHistory(): void {
  storage.remove('searchHistory');
}
