import { Search } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { hasActiveFilters, NO_FILTERS, type HistoryFilters } from '../lib/history-view';

const TYPE_OPTIONS = [
  ['all', 'All types'],
  ['buy', 'Buy'],
  ['sell', 'Sell'],
  ['reward', 'Reward'],
  ['deposit', 'Class deposit'],
] as const;
const STATUS_OPTIONS = [
  ['all', 'All statuses'],
  ['completed', 'Completed'],
  ['pending', 'Pending'],
  ['failed', 'Failed'],
] as const;
const RANGE_OPTIONS = [
  ['all', 'All time'],
  ['today', 'Today'],
  ['week', 'Last 7 days'],
  ['month', 'Last month'],
  ['year', 'Last year'],
] as const;

function Select<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: V;
  options: ReadonlyArray<readonly [V, string]>;
  onChange: (v: V) => void;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-xs font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as V)} className={inputClass}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

export function HistoryFiltersPanel({
  id,
  filters,
  onChange,
}: {
  id: string;
  filters: HistoryFilters;
  onChange: (f: HistoryFilters) => void;
}) {
  const set = <K extends keyof HistoryFilters>(key: K, value: HistoryFilters[K]) =>
    onChange({ ...filters, [key]: value });
  return (
    <div
      id={id}
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-5 dark:border-slate-700 dark:bg-slate-800"
      role="search"
      aria-label="Transaction filters"
    >
      <div className="space-y-1.5 sm:col-span-2 lg:col-span-2">
        <label
          htmlFor={`${id}-search`}
          className="block text-xs font-medium text-slate-700 dark:text-slate-200"
        >
          Search
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-2.5 size-4 text-slate-500 dark:text-slate-400"
          />
          <input
            id={`${id}-search`}
            type="search"
            placeholder="Symbol, company or order ID"
            value={filters.search}
            onChange={(e) => set('search', e.target.value)}
            className={cn(inputClass, 'pl-9')}
          />
        </div>
      </div>
      <Select
        id={`${id}-type`}
        label="Type"
        value={filters.type}
        options={TYPE_OPTIONS}
        onChange={(v) => set('type', v)}
      />
      <Select
        id={`${id}-status`}
        label="Status"
        value={filters.status}
        options={STATUS_OPTIONS}
        onChange={(v) => set('status', v)}
      />
      <Select
        id={`${id}-range`}
        label="Date range"
        value={filters.range}
        options={RANGE_OPTIONS}
        onChange={(v) => set('range', v)}
      />
      <div className="flex justify-end sm:col-span-2 lg:col-span-5">
        <Button
          variant="ghost"
          size="sm"
          disabled={!hasActiveFilters(filters)}
          onClick={() => onChange(NO_FILTERS)}
        >
          Clear All
        </Button>
      </div>
    </div>
  );
}
