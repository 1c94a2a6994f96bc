import type { NewsCategory, NewsTone } from '@nivesh/shared';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** 'Just now' under an hour, 'Nh ago' under a day, then 'Nd ago' (the archive's real age shows). */
export function newsRelativeTime(iso: string, now: number = Date.now()): string {
  const diff = Math.max(0, now - Date.parse(iso));
  if (diff < HOUR) return 'Just now';
  if (diff < DAY) return `${Math.floor(diff / HOUR)}h ago`;
  return `${Math.floor(diff / DAY)}d ago`;
}

export const CATEGORY_LABELS: Record<'all' | NewsCategory, string> = {
  all: 'All News',
  market: 'Market',
  stocks: 'Stocks',
  economy: 'Economy',
  policy: 'Policy',
  earnings: 'Earnings',
};

export const TONE_STYLES: Record<NewsTone, string> = {
  positive: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
  negative: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200',
  neutral: 'bg-slate-100 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
};

export const CATEGORY_STYLES: Record<NewsCategory, string> = {
  market: 'from-indigo-500 to-sky-500',
  stocks: 'from-emerald-500 to-teal-500',
  economy: 'from-amber-500 to-orange-500',
  policy: 'from-fuchsia-500 to-purple-600',
  earnings: 'from-cyan-500 to-blue-600',
};

/** Two letters for the generated picture of an article without one (its source's initials). */
export function initials(source: string): string {
  const words = source
    .replace(/[^\p{L}\p{N} ]/gu, ' ')
    .split(/\s+/)
    .filter((w) => w && !/^(the|of|and)$/i.test(w));
  return (words.length >= 2 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? 'N').slice(0, 2)).toUpperCase();
}
