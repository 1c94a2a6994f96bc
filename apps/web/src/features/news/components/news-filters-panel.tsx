import { X } from 'lucide-react';
import { NEWS_TONES, type NewsTone } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import type { NewsScreenState } from './use-news-screen';

const selectClass =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

/** Source, tone, date range and stock filters. */
export function NewsFiltersPanel({ s }: { s: NewsScreenState }) {
  return (
    <div
      id="news-filters"
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5 dark:border-slate-700 dark:bg-slate-800"
    >
      <label className="text-sm text-slate-700 dark:text-slate-200">
        Source
        <select className={selectClass} value={s.source} onChange={(e) => s.setSource(e.target.value)}>
          <option value="">All sources</option>
          {s.first?.sources.map((src) => (
            <option key={src} value={src}>
              {src}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm text-slate-700 dark:text-slate-200">
        Tone
        <select
          className={selectClass}
          value={s.tone}
          onChange={(e) => s.setTone(e.target.value as NewsTone | '')}
        >
          <option value="">Any tone</option>
          {NEWS_TONES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm text-slate-700 dark:text-slate-200">
        From
        <input
          type="date"
          className={selectClass}
          value={s.from}
          onChange={(e) => s.setFrom(e.target.value)}
        />
      </label>
      <label className="text-sm text-slate-700 dark:text-slate-200">
        To
        <input type="date" className={selectClass} value={s.to} onChange={(e) => s.setTo(e.target.value)} />
      </label>
      <label className="text-sm text-slate-700 dark:text-slate-200">
        Stock
        <input
          className={selectClass}
          value={s.symbol}
          placeholder="e.g. RELIANCE"
          onChange={(e) => s.setSymbol(e.target.value)}
        />
      </label>
      {s.activeFilters ? (
        <Button
          variant="ghost"
          size="sm"
          className="self-end"
          icon={<X aria-hidden="true" className="size-4" />}
          onClick={s.clearFilters}
        >
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
