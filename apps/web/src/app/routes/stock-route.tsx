import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { StockScreen } from '../../features/stock/components/stock-screen';
import { WatchlistToggle } from '../../features/watchlist/components/watchlist-toggle';
import { SetAlertButton } from '../../features/alerts/components/set-alert-button';
import { SetGttButton } from '../../features/gtt/components/set-gtt-button';
import { StockHeadlines } from '../../features/news/components/news-headlines';

/**
 * Routes compose features: the stock screen gets the watchlist toggle, the alert and GTT actions and
 * the charts feature's chart. The chart (with lightweight-charts) loads on its own, so the details show first.
 */
const StockChart = lazy(async () => ({
  default: (await import('../../features/charts/components/stock-chart')).StockChart,
}));

export function StockRoute() {
  const { symbol = '' } = useParams();
  return (
    <StockScreen
      key={symbol}
      symbol={symbol}
      watchlistAction={({ symbol: s, name }) => (
        <>
          <WatchlistToggle symbol={s} name={name} />
          <SetAlertButton symbol={s} />
          <SetGttButton symbol={s} />
        </>
      )}
      renderExtra={({ symbol: s, name }) => <StockHeadlines symbol={s} name={name} />}
      renderChart={({ symbol: s, period }) => (
        <Suspense
          fallback={
            <div
              role="status"
              className="flex h-[500px] items-center justify-center gap-3 text-slate-600 dark:text-slate-300"
            >
              <Spinner /> Loading chart data...
            </div>
          }
        >
          <StockChart symbol={s} period={period} live={period === '1D'} />
        </Suspense>
      )}
    />
  );
}
