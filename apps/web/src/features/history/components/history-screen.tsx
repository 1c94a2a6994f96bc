import { useId } from 'react';
import { Download, Filter, NotebookPen } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { SeasonSelect } from './season-select';
import { HistoryFiltersPanel } from './history-filters';
import { HistoryResults } from './history-results';
import { HistorySummaryStats } from './history-summary-stats';
import { TransactionDetailsModal } from './transaction-details-modal';
import { useHistoryScreen } from './use-history-screen';
import { PortfolioTag } from '../../../components/ui/portfolio-tag';

export { HISTORY_PAGE_SIZE } from './use-history-screen';

export function HistoryScreen() {
  const panelId = useId();
  const s = useHistoryScreen();
  const { showFilters, setShowFilters, filters, season, setSeason, setPage, readOnly } = s;
  const { active, changeFilters, exporting, exportCsv, summary, pagination } = s;

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
            onClick={() => setShowFilters((v) => !v)}
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

      <HistorySummaryStats summary={summary} />

      {showFilters ? <HistoryFiltersPanel id={panelId} filters={filters} onChange={changeFilters} /> : null}

      <HistoryResults s={s} />

      <TransactionDetailsModal tx={s.open} onClose={() => s.setOpen(null)} readOnly={readOnly} />
    </div>
  );
}
