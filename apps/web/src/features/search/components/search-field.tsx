import { Search, X } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner';
import type { SearchDialogState } from './use-search-dialog';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The search dialog's text field (a combobox over the results), its spinner, shortcut and close button. */
export function SearchField({ s, onClose }: { s: SearchDialogState; onClose: () => void }) {
  const { options, active } = s;
  return (
    <form
      onSubmit={s.submit}
      className="flex items-center gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-700"
    >
      <Search aria-hidden="true" className="size-5 shrink-0 text-slate-500 dark:text-slate-400" />
      <input
        ref={s.inputRef}
        type="text"
        role="combobox"
        aria-label={`Search ${s.current.label.toLowerCase()}`}
        aria-expanded={options > 0}
        aria-controls={s.listId}
        aria-autocomplete="list"
        aria-activedescendant={
          options > 0 && active >= 0 ? s.optionId(Math.min(active, options - 1)) : undefined
        }
        autoComplete="off"
        spellCheck={false}
        placeholder={s.current.placeholder}
        value={s.query}
        onChange={(e) => s.changeQuery(e.target.value)}
        className="min-w-0 flex-1 bg-transparent text-base text-slate-900 placeholder:text-slate-500 focus:outline-none dark:text-white dark:placeholder:text-slate-400"
      />
      {s.search.isFetching && s.ready ? <Spinner size="sm" className="text-indigo-600" /> : null}
      <kbd
        className="hidden rounded border border-slate-300 px-1.5 py-0.5 text-xs font-medium text-slate-600 sm:inline dark:border-slate-600 dark:text-slate-300"
        aria-label={isMac ? 'Command K' : 'Control K'}
        data-testid="search-shortcut"
      >
        {isMac ? '⌘' : 'Ctrl'} K
      </kbd>
      <button
        type="button"
        onClick={onClose}
        aria-label="Close search"
        className="rounded-md p-1 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-700"
      >
        <X aria-hidden="true" className="size-5" />
      </button>
    </form>
  );
}
