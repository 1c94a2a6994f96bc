import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { useOrders } from '../../account/api/account-api';

export function FilterSelect<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: V;
  options: ReadonlyArray<{ value: V; label: string }>;
  onChange: (v: V) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as V)}
        className={cn(inputClass, 'min-w-36')}
        aria-label={label}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function SummaryChip({
  label,
  value,
  tone,
  wide,
}: {
  label: string;
  value: number | undefined;
  tone: string;
  wide?: boolean;
}) {
  return (
    <div
      className={cn(
        wide && 'col-span-2 sm:col-span-1',
        'rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm dark:border-slate-700 dark:bg-slate-800',
      )}
    >
      <p className="text-xs font-medium text-slate-600 dark:text-slate-300">{label}</p>
      <p className={cn('text-xl font-bold tabular-nums', tone)}>{value ?? '—'}</p>
    </div>
  );
}

type OrderSummary = NonNullable<ReturnType<typeof useOrders>['data']>['summary'];

/** The counts of every status, over all of the portfolio's orders. */
export function OrdersSummary({ summary }: { summary: OrderSummary | undefined }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      <SummaryChip
        wide
        label="Total orders"
        value={summary?.totalOrders}
        tone="text-slate-900 dark:text-white"
      />
      <SummaryChip
        label="Filled"
        value={summary?.filledOrders}
        tone="text-emerald-700 dark:text-emerald-400"
      />
      <SummaryChip label="Open" value={summary?.openOrders} tone="text-amber-700 dark:text-amber-400" />
      <SummaryChip
        label="Cancelled"
        value={summary?.cancelledOrders}
        tone="text-slate-700 dark:text-slate-200"
      />
      <SummaryChip label="Rejected" value={summary?.rejectedOrders} tone="text-red-700 dark:text-red-400" />
    </div>
  );
}

/** Previous / Next through the pages, with where the list is. */
export function OrdersPager({
  page,
  totalPages,
  setPage,
}: {
  page: number;
  totalPages: number;
  setPage: (update: (page: number) => number) => void;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav
      aria-label="Pages"
      className="flex items-center justify-between border-t border-slate-200 px-4 py-3 text-sm dark:border-slate-700"
    >
      <span className="text-slate-600 dark:text-slate-300">
        Page {page} of {totalPages}
      </span>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={page <= 1}
          onClick={() => setPage((p) => p - 1)}
          icon={<ChevronLeft aria-hidden="true" className="size-4" />}
        >
          Previous
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={page >= totalPages}
          onClick={() => setPage((p) => p + 1)}
        >
          Next <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
