import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Briefcase, CheckCircle2, PieChart, RefreshCw, Timer } from 'lucide-react';
import { PRODUCT_LABELS, type Holding } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ToggleGroup } from '../../../components/ui/toggle-group';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useLiveFigures } from '../../account/api/use-live-figures';
import {
  HOLDING_FILTERS,
  holdingKey,
  splitByProduct,
  visibleHoldings,
  type HoldingFilter,
} from '../lib/holdings';
import { useIntradayCutoff, useSimulatedSession } from '../../account/api/use-intraday-cutoff';
import { cutoffTime, type IntradayCutoff } from '../../account/lib/intraday-cutoff';
import { HoldingsTable, type WatchlistAction } from './holdings-table';
import { SellDialog } from './sell-dialog';
import { PortfolioTag } from '../../../components/ui/portfolio-tag';
import { useInstance } from '../../../lib/instance';
import { SimulatedBadge } from '../../../components/ui/simulated-badge';
import { PortfolioStats } from './portfolio-stats';

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
  const [selling, setSelling] = useState<Holding | null>(null);
  const highlighted = usePurchaseHighlight();

  const cutoff = useIntradayCutoff();
  const simulated = useSimulatedSession();
  const byProduct = splitByProduct(holdings);
  const rows = visibleHoldings(byProduct.CNC, filter);
  const intradayRows = visibleHoldings(byProduct.MIS, 'all');
  // The row at its live values: the dialog follows the ticks while it is open.
  const sellTarget = selling ? (holdings.find((h) => holdingKey(h) === holdingKey(selling)) ?? null) : null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Portfolio</h1>
          <PortfolioTag />
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Delivery holdings and intraday positions, valued at live prices.
          </p>
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
          <PortfolioStats f={f} />

          <Card className="overflow-hidden p-0!" aria-labelledby="holdings-heading">
            <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4 dark:border-slate-700">
              <div>
                <h2
                  id="holdings-heading"
                  className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white"
                >
                  <PieChart aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-400" />
                  Holdings{' '}
                  <span className="text-sm font-normal text-slate-600 dark:text-slate-300">
                    {PRODUCT_LABELS.CNC.long}
                  </span>
                </h2>
                <SimulatedBadge className="mt-1" />
              </div>
              <ToggleGroup
                label="Filter holdings"
                options={HOLDING_FILTERS}
                value={filter}
                onChange={setFilter}
              />
            </div>
            {rows.length === 0 ? (
              <EmptyHoldings filter={filter} hasAny={byProduct.CNC.length > 0} />
            ) : (
              <HoldingsTable
                label="Holdings"
                holdings={rows}
                highlighted={highlighted}
                onSell={setSelling}
                watchlistAction={watchlistAction}
              />
            )}
          </Card>

          <Card className="overflow-hidden p-0!" aria-labelledby="intraday-heading">
            <div className="border-b border-slate-200 p-4 dark:border-slate-700">
              <h2
                id="intraday-heading"
                className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white"
              >
                <Timer aria-hidden="true" className="size-5 text-amber-600 dark:text-amber-400" />
                Intraday positions{' '}
                <span className="text-sm font-normal text-slate-600 dark:text-slate-300">
                  {PRODUCT_LABELS.MIS.long}
                </span>
              </h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300" data-testid="intraday-squareoff">
                {squareOffNote(cutoff, byProduct.MIS.length, simulated)}
              </p>
            </div>
            {intradayRows.length === 0 ? (
              <EmptyState
                icon={<Timer aria-hidden="true" className="size-10 text-slate-400" />}
                title="No Intraday Positions"
                text="Intraday (MIS) buys are for closing the same day. Choose Intraday on the order ticket; whatever is still open at the cut-off is sold at the market for you."
              />
            ) : (
              <HoldingsTable
                label="Intraday positions"
                holdings={intradayRows}
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

/** What the intraday section says about the square-off, before and after the cut-off. */
function squareOffNote(cutoff: IntradayCutoff | null, open: number, simulated: boolean): string {
  if (!cutoff) return 'Open intraday positions are squared off at the market at the intraday cut-off.';
  const at = cutoffTime(cutoff, simulated);
  if (cutoff.passed)
    return `Today's cut-off was ${at}: open intraday positions were squared off then, and new ones open next session.`;
  return open > 0
    ? `Open intraday positions will be squared off at the market at ${at}.`
    : `Intraday positions are squared off at the market at ${at}.`;
}

function EmptyHoldings({ filter, hasAny }: { filter: HoldingFilter; hasAny: boolean }) {
  const { virtualCashLabel } = useInstance();
  const [title, text] =
    filter === 'gainers' && hasAny
      ? ['No Gainers Found', 'None of your holdings is above its average price right now.']
      : filter === 'losers' && hasAny
        ? ['No Losers Found', 'None of your holdings is below its average price right now.']
        : [
            'No Holdings Yet',
            `Delivery (CNC) buys are kept overnight and show here. Buy your first stock with your ${virtualCashLabel}.`,
          ];
  return (
    <EmptyState
      icon={<Briefcase aria-hidden="true" className="size-10 text-slate-400" />}
      title={title}
      text={text}
    >
      {!hasAny ? (
        <Link
          to="/trading"
          className="mt-2 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700"
        >
          Start trading
        </Link>
      ) : null}
    </EmptyState>
  );
}

function EmptyState({
  icon,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-12 text-center">
      {icon}
      <h3 className="text-base font-semibold text-slate-900 dark:text-white">{title}</h3>
      <p className="max-w-sm text-sm text-slate-600 dark:text-slate-300">{text}</p>
      {children}
    </div>
  );
}
