import { useEffect, useId, useState } from 'react';
import {
  ArrowLeftRight,
  CheckCircle2,
  ChevronLeft,
  ChevronRight,
  Download,
  Filter,
  IndianRupee,
  NotebookPen,
  Receipt,
  ShoppingCart,
  TrendingDown,
} from 'lucide-react';
import { Link } from 'react-router';
import type { Transaction } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { StatCard, StatGrid } from '../../../components/ui/stat-card';
import { errorMessage } from '../../../lib/api-client';
import { formatInrFit, formatRupees } from '../../../lib/money-format';
import { notify } from '../../../lib/notify';
import { plural } from '../../../lib/plural';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { exportTransactionsCsv, useTransactions } from '../../account/api/account-api';
import { useActivePortfolio } from '../../../lib/active-portfolio';
import { SeasonSelect } from './season-select';
import {
  DEFAULT_SORT,
  hasActiveFilters,
  nextSort,
  NO_FILTERS,
  transactionQuery,
  type HistoryFilters,
  type SortState,
} from '../lib/history-view';
import { HistoryFiltersPanel } from './history-filters';
import { TransactionDetailsModal } from './transaction-details-modal';
import { TransactionsTable } from './transactions-table';
import { PortfolioTag } from '../../../components/ui/portfolio-tag';

export const HISTORY_PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;

export function HistoryScreen() {
  const panelId = useId();
  const [showFilters, setShowFilters] = useState(false);
  const [filters, setFilters] = useState<HistoryFilters>(NO_FILTERS);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Transaction | null>(null);
  const [exporting, setExporting] = useState(false);
  const search = useDebouncedValue(filters.search, SEARCH_DEBOUNCE_MS);
  const effective = { ...filters, search };
  const { portfolioId, scope } = useActivePortfolio();
  // A closed season (issue 25) is read with ?season=N; null is the season now open. The pick
  // belongs to the portfolio it was made in: switching portfolio shows the new one's open season.
  const [picked, setPicked] = useState<{ scope: string; season: number } | null>(null);
  const season = picked && picked.scope === scope ? picked.season : null;
  const setSeason = (next: number | null) => setPicked(next === null ? null : { scope, season: next });
  const readOnly = season !== null;
  const list = useTransactions(
    transactionQuery(effective, sort, page, HISTORY_PAGE_SIZE),
    season ?? undefined,
  );
  const active = hasActiveFilters(filters);

  useEffect(() => {
    if (list.isError) notify.error('Failed to load transaction history', 'history-load-error');
  }, [list.isError]);

  const changeFilters = (next: HistoryFilters) => {
    setFilters(next);
    setPage(1);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { page: _p, limit: _l, ...query } = transactionQuery(effective, sort, 1, HISTORY_PAGE_SIZE);
      await exportTransactionsCsv(query, portfolioId, season ?? undefined);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to export transactions'));
    } finally {
      setExporting(false);
    }
  };

  const summary = list.data?.summary;
  const pagination = list.data?.pagination;
  const rows = list.data?.data ?? [];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Transaction History</h1>
          <PortfolioTag />
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {readOnly
              ? `Season ${season}, closed: read-only, kept as it ended.`
              : 'Every fill, pending order and reward on your account.'}
          </p>
          {readOnly ? (
            <Link
              to={`/trades?season=${season}`}
              className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 underline hover:no-underline dark:text-indigo-300"
            >
              <NotebookPen aria-hidden="true" className="size-4" />
              Season {season}&apos;s trade journal
            </Link>
          ) : null}
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <SeasonSelect
            season={season}
            onChange={(next) => {
              setSeason(next);
              setPage(1);
            }}
          />
          <Button
            variant={showFilters ? 'primary' : 'secondary'}
            icon={<Filter aria-hidden="true" className="size-4" />}
            aria-expanded={showFilters}
            aria-controls={panelId}
            onClick={() => setShowFilters((s) => !s)}
          >
            Filters{active ? ' •' : ''}
          </Button>
          <Button
            variant="secondary"
            icon={<Download aria-hidden="true" className="size-4" />}
            loading={exporting}
            disabled={!pagination || pagination.total === 0}
            title={pagination?.total === 0 ? 'Nothing to export' : undefined}
            onClick={() => void exportCsv()}
          >
            Export CSV
          </Button>
        </div>
      </div>

      <StatGrid label="Transaction summary" columns={5}>
        <StatCard
          label="Total Transactions"
          info="Every row the filters keep: fills, pending orders, failed orders and daily rewards."
          icon={<ArrowLeftRight aria-hidden="true" className="size-4" />}
          value={summary ? summary.totalTransactions.toLocaleString('en-IN') : '—'}
          testId="history-total"
        />
        <StatCard
          figure="invested"
          tone="sky"
          icon={<IndianRupee aria-hidden="true" className="size-4" />}
          value={summary ? formatInrFit(summary.totalInvested) : '—'}
          title={summary ? formatRupees(summary.totalInvested) : undefined}
          testId="history-invested"
        />
        <StatCard
          figure="totalBought"
          tone="indigo"
          icon={<ShoppingCart aria-hidden="true" className="size-4" />}
          value={summary ? formatInrFit(summary.totalBought) : '—'}
          title={summary ? formatRupees(summary.totalBought) : undefined}
          testId="history-bought"
        />
        <StatCard
          figure="totalSold"
          tone="violet"
          icon={<TrendingDown aria-hidden="true" className="size-4" />}
          value={summary ? formatInrFit(summary.totalSold) : '—'}
          title={summary ? formatRupees(summary.totalSold) : undefined}
          testId="history-sold"
          detail={
            summary && summary.totalFees > 0 ? (
              <span className="text-slate-600 dark:text-slate-300">
                Fees paid {formatRupees(summary.totalFees)}
              </span>
            ) : undefined
          }
        />
        <StatCard
          figure="successRate"
          tone="emerald"
          icon={<CheckCircle2 aria-hidden="true" className="size-4" />}
          value={summary && summary.successRate !== null ? `${summary.successRate.toFixed(1)}%` : '—'}
          testId="history-success-rate"
          detail={
            summary ? (
              <span className="text-slate-600 dark:text-slate-300" data-testid="history-success-rate-meaning">
                {summary.finishedOrders === 0
                  ? 'No finished orders yet'
                  : `${summary.filledOrders.toLocaleString('en-IN')} filled of ${plural(summary.finishedOrders, 'finished order')}`}
              </span>
            ) : undefined
          }
        />
      </StatGrid>

      {showFilters ? <HistoryFiltersPanel id={panelId} filters={filters} onChange={changeFilters} /> : null}

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
              <Button
                className="mt-2"
                variant="secondary"
                size="sm"
                onClick={() => changeFilters(NO_FILTERS)}
              >
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
                setSort((s) => nextSort(s, column));
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

      <TransactionDetailsModal tx={open} onClose={() => setOpen(null)} readOnly={readOnly} />
    </div>
  );
}
