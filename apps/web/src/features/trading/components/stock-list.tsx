import { useNavigate } from 'react-router';
import { BarChart3, Clock, MoreVertical, X } from 'lucide-react';
import { type Currency, type Quote } from '@nivesh/shared';
import { Card } from '../../../components/ui/card';
import { ContextMenu } from '../../../components/ui/context-menu';
import { SearchInput } from '../../../components/ui/search-input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { clearHistory, HISTORY_SHOWN, saveSearch } from '../../../lib/search-history';
import { withLive } from '../../market/api/use-live-quotes';
import { NoStocksFound } from '../../market/components/no-stocks-found';
import { ViewOnlyBadge } from '../../market/components/view-only-badge';
import { PriceChange } from '../../market/components/price-change';
import { formatPrice } from '../../../lib/money-format';
import { SimulatedBadge } from '../../../components/ui/simulated-badge';
import { useStockList } from './use-stock-list';
import { stockMenuItems } from './stock-list-menu';

/** The trading search asks for 20 results. */
export const TRADING_SEARCH_LIMIT = 20;
export const POPULAR_LIMIT = 12;

export interface WatchlistControls {
  isWatched: (symbol: string) => boolean;
  toggle: (symbol: string, name: string) => void;
  ready: boolean;
}

export interface StockListProps {
  search: string;
  onSearchChange: (value: string) => void;
  selected: string | null;
  /** `chosen` is true when the row itself was tapped (not a menu opened on it). */
  onSelect: (symbol: string, chosen?: boolean) => void;
  onOrder: (symbol: string, side: 'BUY' | 'SELL') => void;
  /** Symbols with shares available to sell. */
  held: ReadonlySet<string>;
  watchlist?: WatchlistControls;
}

export interface Row {
  symbol: string;
  name: string;
  exchange: string;
  currency: Currency;
  quote: Quote | undefined;
}

export function StockList({
  search,
  onSearchChange,
  selected,
  onSelect,
  onOrder,
  held,
  watchlist,
}: StockListProps) {
  const navigate = useNavigate();
  const list = useStockList(search, onSelect);
  const { history, setHistory, menu, setMenu, searching, rows, live, pending } = list;
  const { found, debounced, source, choose, openMenu } = list;
  const menuItems = (row: Row) => stockMenuItems(row, { watchlist, held, onOrder, navigate });

  return (
    <Card flush className="flex flex-col">
      <div className="space-y-3 border-b border-slate-200 p-4 dark:border-slate-700">
        <div className="flex items-center justify-between gap-2">
          <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-slate-50">
            <BarChart3 aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-400" />
            {searching ? 'Search Results' : 'Popular Stocks'}
          </h2>
          <SimulatedBadge />
          <span className="text-xs text-slate-600 dark:text-slate-300">
            {searching ? `${found.length} found` : 'Most active today'}
          </span>
        </div>
        <SearchInput
          id="trading-search"
          label="Search stocks"
          placeholder="Search by symbol or company..."
          value={search}
          onChange={(e) => onSearchChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && searching && found.length > 0)
              setHistory(saveSearch(debounced, found.length));
          }}
        />
        {!searching && history.length > 0 ? (
          <div className="flex flex-wrap items-center gap-1.5" aria-label="Recent searches" role="group">
            <Clock aria-hidden="true" className="size-3.5 text-slate-500 dark:text-slate-400" />
            {history.slice(0, HISTORY_SHOWN).map((h) => (
              <button
                key={h.query}
                type="button"
                onClick={() => onSearchChange(h.query)}
                className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 hover:bg-indigo-100 hover:text-indigo-800 dark:bg-slate-700 dark:text-slate-100 dark:hover:bg-slate-600"
              >
                {h.query}
              </button>
            ))}
            <button
              type="button"
              onClick={() => {
                clearHistory();
                setHistory([]);
              }}
              aria-label="Clear search history"
              className="rounded-full p-0.5 text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-700"
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
          </div>
        ) : null}
      </div>

      {pending ? (
        // The popular list (12 rows) fills its 32rem box once loaded; while it loads the status keeps
        // that height, so the order panel below it on a phone does not jump.
        <p
          role="status"
          className={cn(
            'flex items-start gap-2 p-4 text-sm text-slate-600 dark:text-slate-300',
            !searching && 'h-[32rem]',
          )}
        >
          <Spinner size="sm" /> {searching ? 'Searching...' : 'Loading market movers...'}
        </p>
      ) : source.isError ? (
        <p role="alert" className="p-4 text-sm text-red-700 dark:text-red-400">
          {searching ? 'Search failed' : errorMessage(source.error, 'Failed to fetch market movers')}
        </p>
      ) : rows.length === 0 ? (
        searching ? (
          <NoStocksFound query={debounced} />
        ) : (
          <p className="p-4 text-sm text-slate-600 dark:text-slate-300">No stocks found</p>
        )
      ) : (
        <ul
          className="max-h-[32rem] divide-y divide-slate-100 overflow-y-auto dark:divide-slate-700/60"
          aria-label={searching ? 'Search results' : 'Popular stocks'}
        >
          {rows.map((row) => {
            const q = row.quote ? withLive(row.quote, live[row.symbol]) : undefined;
            const active = row.symbol === selected;
            return (
              <li
                key={row.symbol}
                className={cn('flex items-center', active && 'bg-indigo-50 dark:bg-indigo-950/40')}
                data-testid={`stock-row-${row.symbol}`}
              >
                <button
                  type="button"
                  aria-pressed={active}
                  title="Click to select · double-click for details · right-click for actions"
                  onClick={() => choose(row)}
                  onDoubleClick={() => void navigate(`/stock/${encodeURIComponent(row.symbol)}`)}
                  onContextMenu={(e) => openMenu(row, e)}
                  className={cn(
                    'flex min-w-0 flex-1 items-center justify-between gap-3 py-3 pl-4 text-left focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500',
                    active
                      ? 'border-l-4 border-indigo-600 pl-3'
                      : 'hover:bg-slate-50 dark:hover:bg-slate-700/40',
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
                  onClick={(e) => openMenu(row, e)}
                  className="mx-1 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-white"
                >
                  <MoreVertical aria-hidden="true" className="size-4" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {menu ? (
        <ContextMenu
          label={`Actions for ${menu.row.symbol}`}
          at={menu.at}
          items={menuItems(menu.row)}
          onClose={() => setMenu(null)}
        />
      ) : null}
    </Card>
  );
}
