import { useState } from 'react';
import { Link } from 'react-router';
import { Activity } from 'lucide-react';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ToggleGroup } from '../../../components/ui/toggle-group';
import { errorMessage } from '../../../lib/api-client';
import { useMovers } from '../../market/api/market-api';
import { PriceChange } from '../../market/components/price-change';
import { formatPrice } from '../../../lib/money-format';
import { SimulatedBadge } from '../../../components/ui/simulated-badge';

const TABS = [
  { key: 'gainers', label: 'Top Gainers' },
  { key: 'losers', label: 'Top Losers' },
] as const;

/** `onBuy` adds a Buy button to each row that opens the dashboard's quick buy on that stock. */
export function TopMovers({ onBuy }: { onBuy?: (symbol: string) => void }) {
  const [type, setType] = useState<'gainers' | 'losers'>('gainers');
  const movers = useMovers(type, 5);
  return (
    <Card>
      <CardTitle
        icon={<Activity aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-400" />}
        action={<ToggleGroup label="Movers" options={TABS} value={type} onChange={setType} />}
      >
        Top movers <SimulatedBadge />
      </CardTitle>
      {movers.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <Spinner size="sm" /> Loading market movers...
        </p>
      ) : movers.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(movers.error, 'Failed to fetch market movers')}
        </p>
      ) : movers.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No stocks found</p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-700" data-testid={`movers-${type}`}>
          {movers.data.map((q) => (
            <li key={q.symbol} className="flex items-center gap-2">
              <Link
                to={`/stock/${encodeURIComponent(q.symbol)}`}
                className="flex min-w-0 flex-1 items-center justify-between gap-3 py-2 hover:bg-slate-50 dark:hover:bg-slate-700/40"
              >
                <span className="min-w-0">
                  <span className="block text-sm font-semibold text-slate-900 dark:text-white">
                    {q.symbol}
                  </span>
                  <span className="block truncate text-xs text-slate-600 dark:text-slate-300">{q.name}</span>
                </span>
                <span className="text-right">
                  <span className="block text-sm font-medium tabular-nums text-slate-900 dark:text-white">
                    {formatPrice(q.price, q.currency)}
                  </span>
                  <PriceChange
                    change={q.change}
                    percent={q.changePercent}
                    showAbsolute={false}
                    className="text-xs"
                  />
                </span>
              </Link>
              {onBuy ? (
                <button
                  type="button"
                  onClick={() => onBuy(q.symbol)}
                  aria-label={`Buy ${q.symbol}`}
                  className="shrink-0 rounded-md border border-emerald-600 px-2.5 py-1 text-xs font-semibold text-emerald-700 hover:bg-emerald-50 dark:border-emerald-500 dark:text-emerald-400 dark:hover:bg-emerald-950"
                >
                  Buy
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
