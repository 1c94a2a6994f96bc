import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useIndices } from '../../market/api/market-api';
import { useLiveQuotes, withLive } from '../../market/api/use-live-quotes';
import { PriceChange } from '../../market/components/price-change';
import { formatLevel } from '../../market/lib/format';

/** The four index cards, live: levels from /stocks/indices, then each `quote` event moves them. */
export function MarketIndices() {
  const indices = useIndices();
  const live = useLiveQuotes((indices.data ?? []).map((q) => q.symbol));

  if (indices.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
        <Spinner size="sm" /> Loading market indices...
      </p>
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
              className="block rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-indigo-400 dark:border-slate-700 dark:bg-slate-800 dark:hover:border-indigo-500"
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
