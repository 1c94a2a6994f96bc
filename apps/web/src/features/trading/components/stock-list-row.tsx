import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { MoreVertical } from 'lucide-react';
import type { Quote } from '@nivesh/shared';
import { cn } from '../../../lib/cn';
import { formatPrice } from '../../../lib/money-format';
import { PriceChange } from '../../market/components/price-change';
import { ViewOnlyBadge } from '../../market/components/view-only-badge';
import type { Row } from './stock-list';

/** One stock of the trading list: a select button (double-click opens the stock, right-click its actions) and an actions button. */
export function StockListRow({
  row,
  quote: q,
  active,
  onChoose,
  onOpenMenu,
}: {
  row: Row;
  /** The row's quote with the live price applied, if any. */
  quote: Quote | undefined;
  active: boolean;
  onChoose: () => void;
  onOpenMenu: (event: MouseEvent<HTMLElement>) => void;
}) {
  const navigate = useNavigate();
  return (
    <li
      className={cn('flex items-center', active && 'bg-indigo-50 dark:bg-indigo-950/40')}
      data-testid={`stock-row-${row.symbol}`}
    >
      <button
        type="button"
        aria-pressed={active}
        title="Click to select · double-click for details · right-click for actions"
        onClick={onChoose}
        onDoubleClick={() => void navigate(`/stock/${encodeURIComponent(row.symbol)}`)}
        onContextMenu={onOpenMenu}
        className={cn(
          'flex min-w-0 flex-1 items-center justify-between gap-3 py-3 pl-4 text-left focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500',
          active ? 'border-l-4 border-indigo-600 pl-3' : 'hover:bg-slate-50 dark:hover:bg-slate-700/40',
        )}
      >
        <span className="min-w-0">
          <span className="flex flex-wrap items-center gap-1.5 font-semibold text-slate-900 dark:text-white">
            {row.symbol}
            <ViewOnlyBadge instrument={row} />
          </span>
          <span className="block truncate text-xs text-slate-600 dark:text-slate-300">
            {row.name} · {row.exchange}
          </span>
        </span>
        <span className="shrink-0 text-right">
          <span
            className="block text-sm font-semibold tabular-nums text-slate-900 dark:text-white"
            data-testid={`row-price-${row.symbol}`}
          >
            {q ? formatPrice(q.price, q.currency) : '—'}
          </span>
          {q ? (
            <PriceChange
              change={q.change}
              percent={q.changePercent}
              showAbsolute={false}
              className="text-xs"
            />
          ) : null}
        </span>
      </button>
      <button
        type="button"
        aria-label={`Actions for ${row.symbol}`}
        aria-haspopup="menu"
        onClick={onOpenMenu}
        className="mx-1 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-white"
      >
        <MoreVertical aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}
