import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/api-client';
import { useIndices } from '../../market/api/market-api';
import { useLiveQuotes, withLive } from '../../market/api/use-live-quotes';
import { PriceChange } from '../../market/components/price-change';
import { formatLevel } from '../../market/lib/format';

const INDEX_CARD =
  'block rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-800';
/** The market's bundle lists four indices; the placeholders stand in for them while they load. */
const INDEX_PLACEHOLDERS = ['first', 'second', 'third', 'fourth'];

/** The four index cards, live: levels from /stocks/indices, then each `quote` event moves them. */
export function MarketIndices() {
  const indices = useIndices();
  const live = useLiveQuotes((indices.data ?? []).map((q) => q.symbol));

  if (indices.isPending) {
    return (
      <div role="status">
        <span className="sr-only">Loading market indices...</span>
        {/* Cards of the loaded ones' size, so the page below does not jump when the levels arrive. */}
        <ul aria-hidden="true" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {INDEX_PLACEHOLDERS.map((key) => (
            <li key={key} className={cn(INDEX_CARD, 'animate-pulse')}>
              <p className="w-24 rounded bg-slate-100 text-sm dark:bg-slate-700">{'\u00a0'}</p>
              <p className="mt-1 w-28 rounded bg-slate-100 text-xl dark:bg-slate-700">{'\u00a0'}</p>
              <span className="inline-flex w-20 rounded bg-slate-100 text-sm dark:bg-slate-700">
                {'\u00a0'}
              </span>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (indices.isError) {
    return (
      <Card>
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(indices.error, 'Failed to fetch market indices')}
        </p>
      </Card>
    );
  }

  return (
    <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-label="Market indices">
      {indices.data.map((raw) => {
        const q = withLive(raw, live[raw.symbol]);
        return (
          <li key={q.symbol}>
            <Link
              to={`/charts?symbol=${encodeURIComponent(q.symbol)}`}
              className={cn(
                INDEX_CARD,
                'transition-colors hover:border-indigo-400 dark:hover:border-indigo-500',
              )}
              data-testid={`index-${q.symbol}`}
            >
              <p className="text-sm font-medium text-slate-600 dark:text-slate-300">{q.name}</p>
              <p className="mt-1 text-xl font-bold tabular-nums text-slate-900 dark:text-white">
                {formatLevel(q.price)}
              </p>
              <PriceChange change={q.change} percent={q.changePercent} className="text-sm" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
