import { Link } from 'react-router';
import type { SaytrixHeadline } from '@nivesh/shared';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** 'Just now' under an hour, 'Nh ago' under a day, then 'Nd ago', as the news cards say it. */
export function headlineAge(iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const diff = Math.max(0, now - at);
  if (diff < HOUR) return 'Just now';
  if (diff < DAY) return `${Math.floor(diff / HOUR)}h ago`;
  return `${Math.floor(diff / DAY)}d ago`;
}

/**
 * Feed headlines as plain text: a title or source from a feed is untrusted, so it is never markdown
 * and its URL is not a link here; the one link goes to the app's own news screen.
 */
export function HeadlinesList({ headlines }: { headlines: SaytrixHeadline[] }) {
  if (headlines.length === 0) return null;
  return (
    <div className="mt-2" data-testid="saytrix-headlines">
      <ul className="space-y-1.5">
        {headlines.map((h, i) => (
          <li
            key={`${h.publishedAt}-${i}`}
            className="rounded-lg border border-slate-200 px-2 py-1.5 dark:border-slate-700"
          >
            <p className="font-medium break-words text-slate-900 dark:text-slate-100">{h.title}</p>
            <p className="text-xs break-words text-slate-600 dark:text-slate-400">
              {h.source}
              {headlineAge(h.publishedAt) ? ` · ${headlineAge(h.publishedAt)}` : ''}
            </p>
          </li>
        ))}
      </ul>
      <Link to="/news" className="mt-1.5 inline-block text-sm text-indigo-700 underline dark:text-indigo-300">
        Open news
      </Link>
    </div>
  );
}
