import { ChevronLeft, ChevronRight, NotebookPen } from 'lucide-react';
import { JOURNAL_MESSAGES } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { TradeCard } from './trade-card';
import type { TradesScreenState } from './use-trades-screen';

/** The entries with their loading, error and empty states, and the pages below them. */
export function TradesList({ s }: { s: TradesScreenState }) {
  const { entries, readOnly, data, filtered, season, setEditor, setDeleting, view, setView } = s;
  return (
    <section aria-label="Trades">
      {entries.isPending ? (
        <p
          role="status"
          className="flex items-center justify-center gap-2 p-10 text-sm text-slate-600 dark:text-slate-300"
        >
          <Spinner size="sm" /> Loading trades...
        </p>
      ) : entries.isError ? (
        <Card className="text-center">
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {readOnly
              ? errorMessage(entries.error, JOURNAL_MESSAGES.fetchFailed)
              : JOURNAL_MESSAGES.fetchFailed}
          </p>
          <Button className="mt-3" variant="secondary" size="sm" onClick={() => void entries.refetch()}>
            Try again
          </Button>
        </Card>
      ) : data && data.trades.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 py-12 text-center">
          <NotebookPen aria-hidden="true" className="size-10 text-slate-400" />
          <p className="text-sm text-slate-700 dark:text-slate-200">
            {filtered
              ? 'No trades match these filters.'
              : readOnly
                ? `No journal entries in season ${season}.`
                : JOURNAL_MESSAGES.empty}
          </p>
          <p className="max-w-sm text-xs text-slate-600 dark:text-slate-300">
            {filtered || readOnly
              ? null
              : 'Tip: "Add to journal" on a filled order in History or Orders links the entry to your fill.'}
          </p>
        </Card>
      ) : data ? (
        <>
          <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
            {data.trades.map((entry) => (
              <TradeCard
                key={entry.id}
                entry={entry}
                {...(readOnly
                  ? {}
                  : {
                      onEdit: () => setEditor({ entry, fill: null, link: null }),
                      onDelete: () => setDeleting(entry),
                    })}
              />
            ))}
          </ul>
          {data.pagination.totalPages > 1 ? (
            <nav aria-label="Trade pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
              <p className="text-slate-600 dark:text-slate-300">
                Page {data.pagination.page} of {data.pagination.totalPages} · {data.pagination.total} trades
              </p>
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={view.page <= 1}
                  icon={<ChevronLeft aria-hidden="true" className="size-4" />}
                  onClick={() => setView((v) => ({ ...v, page: v.page - 1 }))}
                >
                  Previous
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={view.page >= data.pagination.totalPages}
                  icon={<ChevronRight aria-hidden="true" className="size-4" />}
                  onClick={() => setView((v) => ({ ...v, page: v.page + 1 }))}
                >
                  Next
                </Button>
              </div>
            </nav>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
