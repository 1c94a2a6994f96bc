import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { ChartsScreen } from '../../features/charts/components/charts-screen';
import { StockScreen } from '../../features/stock/components/stock-screen';
import { WatchlistToggle } from '../../features/watchlist/components/watchlist-toggle';

/**
 * Routes compose features: the charts and stock screens get the watchlist toggle, and the stock
 * screen gets the charts feature's chart, without the features importing each other. The chart
 * (and lightweight-charts with it) loads on its own so the stock details show first.
 */
const StockChart = lazy(async () => ({ default: (await import('../../features/charts/components/stock-chart')).StockChart }));

const watchlistAction = ({ symbol, name }: { symbol: string; name: string }) => <WatchlistToggle symbol={symbol} name={name} />;

export function ChartsRoute() {
  return <ChartsScreen watchlistAction={watchlistAction} />;
}

export function StockRoute() {
  const { symbol = '' } = useParams();
  return (
    <StockScreen
      key={symbol}
      symbol={symbol}
      watchlistAction={watchlistAction}
      renderChart={({ symbol: s, period }) => (
        <Suspense
          fallback={
            <div role="status" className="flex h-[500px] items-center justify-center gap-3 text-slate-600 dark:text-slate-300">
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
