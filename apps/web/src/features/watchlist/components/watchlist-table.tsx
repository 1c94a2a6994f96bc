import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { X } from 'lucide-react';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { formatCompact, formatPrice } from '../../../lib/money-format';
import { PriceChange } from '../../market/components/price-change';
import { ViewOnlyBadge } from '../../market/components/view-only-badge';
import type { Row } from './use-watchlist-screen';

/** The watched stocks with their live price; a row opens its stock page. */
export function WatchlistTable({
  rows,
  rowAction,
  onRemove,
}: {
  rows: Row[];
  rowAction: ((stock: { symbol: string; name: string }) => ReactNode) | undefined;
  onRemove: (row: Row) => void;
}) {
  const navigate = useNavigate();
  return (
    <ScrollRegion label="Watchlist stocks">
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-600 dark:border-slate-700 dark:text-slate-300">
            <th scope="col" className="py-2 pr-3">
              Stock
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Price
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Change
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Volume
            </th>
            <th scope="col" className="py-2 pl-3 text-right">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.symbol}
              data-testid={`watchlist-row-${row.symbol}`}
              onClick={() => void navigate(`/stock/${encodeURIComponent(row.symbol)}`)}
              className="cursor-pointer border-b border-slate-100 hover:bg-slate-50 dark:border-slate-700/60 dark:hover:bg-slate-700/40"
            >
              <td className="py-2.5 pr-3">
                <Link
                  to={`/stock/${encodeURIComponent(row.symbol)}`}
                  className="font-semibold text-slate-900 hover:underline dark:text-white"
                  onClick={(e) => e.stopPropagation()}
                >
                  {row.symbol}
                </Link>
                {row.quote ? <ViewOnlyBadge instrument={row.quote} className="ml-2" /> : null}
                <p className="max-w-56 truncate text-xs text-slate-600 dark:text-slate-300">{row.name}</p>
              </td>
              <td className="px-3 py-2.5 text-right font-medium tabular-nums text-slate-900 dark:text-white">
                {row.quote ? formatPrice(row.quote.price, row.quote.currency) : '—'}
              </td>
              <td className="px-3 py-2.5 text-right">
                {row.quote ? (
                  <PriceChange
                    change={row.quote.change}
                    percent={row.quote.changePercent}
                    className="justify-end text-xs"
                  />
                ) : (
                  '—'
                )}
              </td>
              <td className="px-3 py-2.5 text-right tabular-nums text-slate-700 dark:text-slate-200">
                {row.quote ? formatCompact(row.quote.volume) : '—'}
              </td>
              <td className="py-2.5 pl-3 text-right whitespace-nowrap">
                {rowAction ? rowAction({ symbol: row.symbol, name: row.name }) : null}
                <button
                  type="button"
                  aria-label={`Remove ${row.symbol} from watchlist`}
                  onClick={(e) => {
                    e.stopPropagation();
                    onRemove(row);
                  }}
                  className="rounded-md p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-700 dark:text-slate-400 dark:hover:bg-red-950 dark:hover:text-red-300"
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
