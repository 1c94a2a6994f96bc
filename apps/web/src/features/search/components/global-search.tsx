import { lazy, Suspense, useLayoutEffect, useState } from 'react';

const OPEN_EVENT = 'nivesh:open-search';

// The dialog (results, history, three search scopes) loads when it is first opened.
const SearchDialog = lazy(async () => ({ default: (await import('./search-dialog')).SearchDialog }));

/** Lets a header button (or anything else) open the modal without sharing state. */
export function openGlobalSearch(): void {
  window.dispatchEvent(new Event(OPEN_EVENT));
}

function isTextEntry(el: Element | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable) return true;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if (!(el instanceof HTMLInputElement)) return false;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(
    el.type,
  );
}

/**
 * The app-wide search dialog: Ctrl/Cmd+K opens it unless
 * the user is typing in another field, Escape closes it. Tabs: Stocks, News, Orders; the text field
 * always has focus, so the tab keys need Alt (Alt+S, Alt+N, Alt+O) and the dialog says so.
 */
export function GlobalSearch() {
  const [open, setOpen] = useState(false);

  // Subscribed during the commit that mounts it (a layout effect), not after the paint: the
  // header's "Search stocks" button appears in that same commit, and Ctrl+K pressed as soon as it
  // shows must not be lost.
  useLayoutEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (
        !(event.ctrlKey || event.metaKey) ||
        event.key.toLowerCase() !== 'k' ||
        event.altKey ||
        event.shiftKey
      )
        return;
      if (isTextEntry(document.activeElement)) return;
      event.preventDefault();
      setOpen(true);
    };
    const onOpen = () => setOpen(true);
    document.addEventListener('keydown', onKey);
    window.addEventListener(OPEN_EVENT, onOpen);
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener(OPEN_EVENT, onOpen);
    };
  }, []);

  return open ? (
    <Suspense fallback={null}>
      <SearchDialog onClose={() => setOpen(false)} />
    </Suspense>
  ) : null;
}
