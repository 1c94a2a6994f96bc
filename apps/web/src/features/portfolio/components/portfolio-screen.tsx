import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Briefcase, CheckCircle2, IndianRupee, PieChart, RefreshCw, Wallet } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ToggleGroup } from '../../../components/ui/toggle-group';
import { FigureLine, StatCard, StatGrid } from '../../../components/ui/stat-card';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatInrFit, formatRupees } from '../../../lib/money-format';
import { plural } from '../../../lib/plural';
import { useLiveFigures } from '../../account/api/use-live-figures';
import { HOLDING_FILTERS, visibleHoldings, type HoldingFilter } from '../lib/holdings';
import { HoldingsTable, type WatchlistAction } from './holdings-table';
import { SellDialog } from './sell-dialog';
import { TotalPnlCard } from '../../account/components/total-pnl-card';

/** The bought holding stays highlighted for 5 s, so the user finds what they just bought. */
export const PURCHASE_HIGHLIGHT_MS = 5_000;

interface PurchaseState {
  purchasedSymbol?: string;
  showPurchaseSuccess?: boolean;
}

function usePurchaseHighlight(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? null) as PurchaseState | null;
  const [symbol, setSymbol] = useState<string | null>(() =>
    state?.showPurchaseSuccess && state.purchasedSymbol ? state.purchasedSymbol.toUpperCase() : null,
  );
  useEffect(() => {
    if (!symbol) return;
    // Drop the router state so a reload or Back does not celebrate the same purchase again.
    void navigate(location.pathname, { replace: true, state: null });
    const timer = setTimeout(() => setSymbol(null), PURCHASE_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per purchase
  }, [symbol]);
  return symbol;
}

export function PortfolioScreen({ watchlistAction }: { watchlistAction?: WatchlistAction }) {
  const { figures: f, holdings, summary } = useLiveFigures();
  const [filter, setFilter] = useState<HoldingFilter>('all');
  const [selling, setSelling] = useState<string | null>(null);
  const highlighted = usePurchaseHighlight();

  const rows = visibleHoldings(holdings, filter);
  const sellTarget = holdings.find((h) => h.symbol === selling) ?? null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Portfolio</h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">Your holdings valued at live prices.</p>
        </div>
        <Button
          variant="secondary"
          icon={
            <RefreshCw aria-hidden="true" className={cn('size-4', summary.isFetching && 'animate-spin')} />
          }
          onClick={() => void summary.refetch()}
          disabled={summary.isFetching}
        >
          Refresh
        </Button>
      </div>

      {highlighted ? (
        <div
          role="status"
          className="flex items-center gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
        >
          <CheckCircle2 aria-hidden="true" className="size-5 shrink-0" />
          <p className="text-sm font-medium">Purchase successful! {highlighted} is now in your portfolio.</p>
        </div>
      ) : null}

      {summary.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <Spinner size="sm" /> Loading portfolio...
        </p>
      ) : summary.isError ? (
        <Card>
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errorMessage(summary.error, 'Failed to load portfolio')}
          </p>
          <Button className="mt-3" variant="secondary" size="sm" onClick={() => void summary.refetch()}>
            Try again
          </Button>
        </Card>
      ) : (
        <>
          <StatGrid label="Portfolio summary">
            <StatCard
              figure="totalValue"
              icon={<Briefcase aria-hidden="true" className="size-4" />}
              value={f ? formatInrFit(f.totalValue) : '—'}
              title={f ? formatRupees(f.totalValue) : undefined}
              testId="portfolio-total-value"
              detail={f ? <FigureLine figure="reserved" value={formatInrFit(f.reserved)} /> : undefined}
            />
            <StatCard
              figure="invested"
              tone="sky"
              icon={<IndianRupee aria-hidden="true" className="size-4" />}
              value={f ? formatInrFit(f.invested) : '—'}
              title={f ? formatRupees(f.invested) : undefined}
              testId="portfolio-invested"
              detail={
                f ? <FigureLine figure="holdingsValue" value={formatInrFit(f.holdingsValue)} /> : undefined
              }
            />
            <TotalPnlCard
              figures={f}
              parts={['unrealisedPnl', 'realisedPnl', 'daysPnl']}
              testId="portfolio-pnl"
            />
            <StatCard
              figure="availableCash"
              tone="amber"
              icon={<Wallet aria-hidden="true" className="size-4" />}
              value={f ? formatInrFit(f.availableCash) : '—'}
              title={f ? formatRupees(f.availableCash) : undefined}
              testId="portfolio-cash"
              detail={
                f ? (
                  <span className="text-slate-600 dark:text-slate-300">{plural(f.holdings, 'holding')}</span>
                ) : undefined
              }
            />
          </StatGrid>

          <Card className="overflow-hidden p-0!">
            <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4 dark:border-slate-700">
              <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
                <PieChart aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-400" />
                Holdings
              </h2>
              <ToggleGroup
                label="Filter holdings"
                options={HOLDING_FILTERS}
                value={filter}
                onChange={setFilter}
              />
            </div>
            {rows.length === 0 ? (
              <EmptyHoldings filter={filter} hasAny={holdings.length > 0} />
            ) : (
              <HoldingsTable
                holdings={rows}
                highlighted={highlighted}
                onSell={setSelling}
                watchlistAction={watchlistAction}
              />
            )}
          </Card>
        </>
      )}

      <SellDialog holding={sellTarget} onClose={() => setSelling(null)} />
    </div>
  );
}

function EmptyHoldings({ filter, hasAny }: { filter: HoldingFilter; hasAny: boolean }) {
  const [title, text] =
    filter === 'gainers' && hasAny
      ? ['No Gainers Found', 'None of your holdings is above its average price right now.']
      : filter === 'losers' && hasAny
        ? ['No Losers Found', 'None of your holdings is below its average price right now.']
        : ['No Holdings Yet', 'Buy your first stock with your virtual cash and it will show here.'];
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-12 text-center">
      <Briefcase aria-hidden="true" className="size-10 text-slate-400" />
      <h3 className="text-base font-semibold text-slate-900 dark:text-white">{title}</h3>
      <p className="max-w-sm text-sm text-slate-600 dark:text-slate-300">{text}</p>
      {!hasAny ? (
        <Link
          to="/trading"
          className="mt-2 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700"
        >
          Start trading
        </Link>
      ) : null}
    </div>
  );
}
