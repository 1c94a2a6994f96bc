import { createPortal } from 'react-dom';
import { SearchField } from './search-field';
import { SearchResultsPanel } from './search-results-panel';
import { SearchScopeTabs } from './search-scope-tabs';
import { useSearchDialog } from './use-search-dialog';

export function SearchDialog({ onClose }: { onClose: () => void }) {
  const s = useSearchDialog(onClose);

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-start justify-center p-4 pt-[12vh]" onKeyDown={s.onKeyDown}>
      <div className="absolute inset-0 bg-slate-950/60" aria-hidden="true" onClick={onClose} />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${s.id}-title`}
        className="relative w-full max-w-xl overflow-hidden rounded-xl bg-white shadow-2xl dark:bg-slate-800"
        data-testid="global-search"
      >
        <h2 id={`${s.id}-title`} className="sr-only">
          Search
        </h2>
        <SearchField s={s} onClose={onClose} />
        <SearchScopeTabs scope={s.scope} onSwitch={s.switchTo} />
        <SearchResultsPanel s={s} />
        <p className="border-t border-slate-200 px-4 py-2 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-300">
          <kbd>Alt+S</kbd>/<kbd>N</kbd>/<kbd>O</kbd> tabs · <kbd>↑</kbd> <kbd>↓</kbd> to move ·{' '}
          <kbd>Enter</kbd> to open · <kbd>Shift</kbd>+<kbd>Enter</kbd> for the chart · <kbd>Esc</kbd> to close
        </p>
      </div>
    </div>,
    document.body,
  );
}
