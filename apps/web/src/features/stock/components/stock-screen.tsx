import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ArrowLeft, RefreshCw } from 'lucide-react';
import { PERIODS, type Period } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { TradeActions } from '../../account/components/trade-actions';
import { BuyPanel } from './buy-panel';
import { Card, CardTitle } from '../../../components/ui/card';
import { LoadingScreen } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { notify } from '../../../lib/notify';
import { marketKeys, useProfile, useQuote } from '../../market/api/market-api';
import { useLiveQuotes, withLive } from '../../market/api/use-live-quotes';
import { StockAbout, StockFundamentals, StockPriceCard } from './stock-screen-cards';

export interface StockScreenProps {
  symbol: string;
  /** Composed by the route: the charts feature's chart and the watchlist feature's toggle. */
  renderChart?: (args: { symbol: string; period: Period }) => ReactNode;
  watchlistAction?: (stock: { symbol: string; name: string }) => ReactNode;
  /** Extra sections below the profile (the route adds the stock's news). */
  renderExtra?: (stock: { symbol: string; name: string }) => ReactNode;
}

function StockError({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <Card className="mx-auto flex max-w-md flex-col items-center gap-3 py-10 text-center">
      <AlertTriangle aria-hidden="true" className="size-10 text-red-600 dark:text-red-400" />
      <h1 className="text-xl font-semibold text-slate-900 dark:text-white">Error Loading Stock</h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">{message}</p>
      <Button
        variant="secondary"
        onClick={() => void navigate(-1)}
        icon={<ArrowLeft aria-hidden="true" className="size-4" />}
      >
        Go Back
      </Button>
    </Card>
  );
}

export function StockScreen({
  symbol: rawSymbol,
  renderChart,
  watchlistAction,
  renderExtra,
}: StockScreenProps) {
  const symbol = rawSymbol.trim().toUpperCase();
  const navigate = useNavigate();
  const client = useQueryClient();
  const quote = useQuote(symbol);
  const profile = useProfile(symbol);
  const [period, setPeriod] = useState<Period>('1D');
  const live = useLiveQuotes(quote.data ? [quote.data.symbol] : []);

  if (quote.isPending) return <LoadingScreen label="Loading stock details..." />;
  if (quote.isError) {
    const notFound = quote.error instanceof ApiError && quote.error.status === 404;
    return (
      <StockError
        message={notFound ? 'Stock not found' : errorMessage(quote.error, 'Failed to fetch stock data')}
      />
    );
  }

  const q = withLive(quote.data, live[quote.data.symbol]);

  const refresh = async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: marketKeys.quote(symbol) }),
      client.invalidateQueries({ queryKey: marketKeys.profile(symbol) }),
    ]);
    notify.success('Stock data refreshed');
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="ghost"
          size="sm"
          aria-label="Go back"
          onClick={() => void navigate(-1)}
          icon={<ArrowLeft aria-hidden="true" className="size-5" />}
        />
        <div className="min-w-48 flex-1">
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{q.symbol}</h1>
          <p className="truncate text-sm text-slate-600 dark:text-slate-300">
            {q.name} · {q.exchange}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <TradeActions symbol={q.symbol} currency={q.currency} exchange={q.exchange} />
          {watchlistAction ? watchlistAction({ symbol: q.symbol, name: q.name }) : null}
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void refresh()}
            loading={quote.isRefetching}
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
          >
            Refresh
          </Button>
        </div>
      </div>

      <div className="grid items-start gap-4 lg:grid-cols-3">
        <StockPriceCard q={q} />

        <Card className="lg:col-start-3 lg:row-span-2 lg:row-start-1 lg:sticky lg:top-20">
          <BuyPanel quote={q} />
        </Card>
        <StockFundamentals q={q} profile={profile.data} />
      </div>

      <Card>
        <CardTitle
          action={
            <div role="group" aria-label="Timeframe" className="flex flex-wrap gap-1">
              {PERIODS.map((t) => (
                <button
                  key={t}
                  type="button"
                  aria-pressed={period === t}
                  onClick={() => setPeriod(t)}
                  className={cn(
                    'rounded-md px-2.5 py-1 text-xs font-medium',
                    period === t
                      ? 'bg-indigo-600 text-white'
                      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-700',
                  )}
                >
                  {t}
                </button>
              ))}
            </div>
          }
        >
          Price chart
        </CardTitle>
        {renderChart ? renderChart({ symbol: q.symbol, period }) : null}
      </Card>

      <StockAbout name={q.name} profile={profile} />
      {renderExtra ? renderExtra({ symbol: q.symbol, name: q.name }) : null}
    </div>
  );
}
