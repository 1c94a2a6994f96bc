import { useState } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import type { Quote } from '@nivesh/shared';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useMovers, useQuotes } from '../../market/api/market-api';
import { PriceChange } from '../../market/components/price-change';
import { formatCompact, formatPrice } from '../../../lib/money-format';
import { SimulatedBadge } from '../../../components/ui/simulated-badge';

const FILTERS = [
  { key: 'all', label: 'All' },
  { key: 'gainers', label: 'Gainers' },
  { key: 'losers', label: 'Losers' },
  { key: 'watchlist', label: 'Watchlist' },
  { key: 'volume', label: 'Volume' },
] as const;
type FilterKey = (typeof FILTERS)[number]['key'];
const LIMIT = 10;

function byMarketCapThenVolume(a: Quote, b: Quote): number {
  if (a.marketCap !== null && b.marketCap !== null) return b.marketCap - a.marketCap;
  if (a.marketCap !== null) return -1;
  if (b.marketCap !== null) return 1;
  return b.volume - a.volume;
}

/**
 * Market movers to pick from, all from the server: "All" joins today's gainers, losers and most
 * active (largest market cap first where the source knows it, else by volume), "Watchlist" quotes
 * the stocks already followed.
 */
export function PopularStocks({
  watchlistSymbols,
  onAdd,
}: {
  watchlistSymbols: string[];
  onAdd: (symbol: string) => void;
}) {
  const [filter, setFilter] = useState<FilterKey>('all');
  const gainers = useMovers('gainers', LIMIT, filter === 'all' || filter === 'gainers');
  const losers = useMovers('losers', LIMIT, filter === 'all' || filter === 'losers');
  const active = useMovers('active', LIMIT, filter === 'all' || filter === 'volume');
  const watched = useQuotes(filter === 'watchlist' ? watchlistSymbols : []);

  const source =
    filter === 'gainers'
      ? [gainers]
      : filter === 'losers'
        ? [losers]
        : filter === 'volume'
          ? [active]
          : filter === 'watchlist'
            ? [watched]
            : [gainers, losers, active];
  const pending = source.some((q) => q.isPending && q.fetchStatus !== 'idle');
  const failed = source.find((q) => q.isError);
  const unique = new Map<string, Quote>();
  for (const q of source) for (const quote of q.data ?? []) unique.set(quote.symbol, quote);
  let items = [...unique.values()];
  if (filter === 'all') items = items.sort(byMarketCapThenVolume);

  return (
    <Card>
      <CardTitle
        action={
          <div className="flex flex-wrap items-center gap-2">
            <SimulatedBadge />
            <div role="group" aria-label="Popular stocks filter" className="flex flex-wrap gap-1">
              {FILTERS.map((f) => (
                <button
                  key={f.key}
                  type="button"
                  aria-pressed={filter === f.key}
                  onClick={() => setFilter(f.key)}
                  className={cn(
                    'rounded-md px-2.5 py-1 text-xs font-medium',
                    filter === f.key
                      ? 'bg-indigo-600 text-white'
                      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-700',
                  )}
                >
                  {f.label}
                </button>
              ))}
            </div>
          </div>
        }
      >
        Popular Stocks
      </CardTitle>
      {pending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <Spinner size="sm" /> Loading stocks...
        </p>
      ) : failed ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(failed.error, 'Failed to fetch market movers')}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {filter === 'watchlist'
            ? 'Your watchlists are empty.'
            : 'The market has no movers to show right now.'}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="popular-stocks">
          {items.map((q) => (
            <li
              key={q.symbol}
              className="flex items-center justify-between gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
            >
              <Link to={`/stock/${encodeURIComponent(q.symbol)}`} className="min-w-0 hover:underline">
                <span className="block font-semibold text-slate-900 dark:text-white">{q.symbol}</span>
                <span className="block truncate text-xs text-slate-600 dark:text-slate-300">{q.name}</span>
              </Link>
              <div className="flex items-center gap-2">
                <div className="text-right">
                  <span className="block text-sm font-medium tabular-nums text-slate-900 dark:text-white">
                    {formatPrice(q.price, q.currency)}
                  </span>
                  <PriceChange
                    change={q.change}
                    percent={q.changePercent}
                    showAbsolute={false}
                    className="text-xs"
                  />
                  {filter === 'volume' ? (
                    <span className="block text-xs text-slate-600 dark:text-slate-300">
                      Vol {formatCompact(q.volume)}
                    </span>
                  ) : null}
                </div>
                <button
                  type="button"
                  aria-label={`Add ${q.symbol} to watchlist`}
                  onClick={() => onAdd(q.symbol)}
                  className="rounded-md p-1.5 text-indigo-700 hover:bg-indigo-50 dark:text-indigo-300 dark:hover:bg-slate-700"
                >
                  <Plus aria-hidden="true" className="size-4" />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
