import { SearchX } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** The no-results texts of every stock search, in one place so all searches say the same. */
export function NoStocksFound({ query, compact = false }: { query: string; compact?: boolean }) {
  return (
    <div
      role="status"
      className={cn('flex flex-col items-center text-center', compact ? 'gap-1 p-3' : 'gap-2 py-8')}
    >
      {compact ? null : <SearchX aria-hidden="true" className="size-8 text-slate-400" />}
      <p className="text-sm font-medium text-slate-800 dark:text-slate-100">
        No stocks found for &quot;{query}&quot;
      </p>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        Try searching with different keywords or stock symbols
      </p>
    </div>
  );
}
