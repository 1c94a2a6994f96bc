import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Bot } from 'lucide-react';
import { Spinner } from '../../components/ui/spinner';

const SaytrixPanel = lazy(() => import('../routes/saytrix-panel').then((m) => ({ default: m.SaytrixPanel })));

/** A floating button on every signed-in screen opens the compact Saytrix panel (not on /saytrix itself). */
export function SaytrixLauncher() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname === '/saytrix' || pathname === '/chatbot') setOpen(false);
  }, [pathname]);
  if (pathname === '/saytrix' || pathname === '/chatbot') return null;
  return (
    <>
      {open ? (
        <Suspense
          fallback={
            <div className="fixed right-4 bottom-20 z-40 rounded-2xl bg-white p-4 shadow-xl dark:bg-slate-900 md:bottom-6">
              <Spinner />
            </div>
          }
        >
          <SaytrixPanel onClose={() => setOpen(false)} />
        </Suspense>
      ) : (
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-label="Open Saytrix assistant"
          data-testid="saytrix-launcher"
          className="fixed right-4 bottom-20 z-30 flex items-center gap-2 rounded-full bg-indigo-600 px-4 py-3 text-sm font-medium text-white shadow-lg hover:bg-indigo-700 md:bottom-6"
        >
          <Bot aria-hidden="true" className="size-5" />
          <span className="hidden sm:inline">Ask Saytrix</span>
        </button>
      )}
    </>
  );
}
