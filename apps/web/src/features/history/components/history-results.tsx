import { ChevronLeft, ChevronRight, Receipt } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { plural } from '../../../lib/plural';
import { nextSort, NO_FILTERS } from '../lib/history-view';
import { TransactionsTable } from './transactions-table';
import type { HistoryScreenState } from './use-history-screen';

/** The transactions table with its loading, error and empty states, and the pages below it. */
export function HistoryResults({ s }: { s: HistoryScreenState }) {
  const { list, rows, active, changeFilters, sort, setSort, setPage, setOpen, readOnly, pagination, page } =
    s;
  return (
    <Card className="overflow-hidden p-0!">
      {list.isPending ? (
        <p
          role="status"
          className="flex items-center justify-center gap-2 p-10 text-sm text-slate-600 dark:text-slate-300"
        >
          <Spinner size="sm" /> Loading transaction history...
        </p>
      ) : list.isError ? (
        <div className="p-6 text-center">
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errorMessage(list.error, 'Failed to load transaction history')}
          </p>
          <Button className="mt-3" variant="secondary" size="sm" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-4 py-12 text-center">
          <Receipt aria-hidden="true" className="size-10 text-slate-400" />
          <h2 className="text-base font-semibold text-slate-900 dark:text-white">No transactions found</h2>
          <p className="max-w-sm text-sm text-slate-600 dark:text-slate-300">
            {active
              ? 'No transactions match your current filters'
              : 'Start trading to see your transaction history here'}
          </p>
          {active ? (
            <Button className="mt-2" variant="secondary" size="sm" onClick={() => changeFilters(NO_FILTERS)}>
              Clear Filters
            </Button>
          ) : null}
        </div>
      ) : (
        <>
          <TransactionsTable
            rows={rows}
            sort={sort}
            onSort={(column) => {
              setSort((prev) => nextSort(prev, column));
              setPage(1);
            }}
            onOpen={setOpen}
            readOnly={readOnly}
          />
          {pagination ? (
            <nav
              aria-label="Transaction pages"
              className="flex items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm dark:border-slate-700"
            >
              <p className="text-slate-600 dark:text-slate-300">
                Page {pagination.page} of {Math.max(pagination.totalPages, 1)} ·{' '}
                {plural(pagination.total, 'transaction')}
              </p>
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  icon={<ChevronLeft aria-hidden="true" className="size-4" />}
                  disabled={page <= 1}
                  onClick={() => setPage((p) => Math.max(1, p - 1))}
                >
                  Previous
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={page >= pagination.totalPages}
                  onClick={() => setPage((p) => p + 1)}
                >
                  Next <ChevronRight aria-hidden="true" className="size-4" />
                </Button>
              </div>
            </nav>
          ) : null}
        </>
      )}
    </Card>
  );
}
