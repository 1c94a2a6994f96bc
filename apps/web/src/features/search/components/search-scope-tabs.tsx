import { cn } from '../../../lib/cn';
import { SCOPES, type Scope } from './search-scopes';

/** Stocks, News, Orders: tabs that never take the focus from the text field (Alt+S/N/O switch too). */
export function SearchScopeTabs({ scope, onSwitch }: { scope: Scope; onSwitch: (next: Scope) => void }) {
  return (
    <div
      role="tablist"
      aria-label="Search scope"
      className="flex gap-1 border-b border-slate-200 px-3 dark:border-slate-700"
    >
      {SCOPES.map((t) => (
        <button
          key={t.scope}
          type="button"
          role="tab"
          aria-selected={scope === t.scope}
          aria-keyshortcuts={`Alt+${t.key}`}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onSwitch(t.scope)}
          className={cn(
            '-mb-px flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium',
            scope === t.scope
              ? 'border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300'
              : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
          )}
        >
          {t.label}
          <kbd className="rounded bg-slate-100 px-1 text-[10px] text-slate-600 dark:bg-slate-700 dark:text-slate-300">
            Alt+{t.key}
          </kbd>
        </button>
      ))}
    </div>
  );
}
