import { useNavigate } from 'react-router';
import { BarChart3, Clock, X } from 'lucide-react';
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
import { SimulatedBadge } from '../../../components/ui/simulated-badge';
import { useStockList } from './use-stock-list';
import { stockMenuItems } from './stock-list-menu';
import { StockListRow } from './stock-list-row';

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
          {rows.map((row) => (
            <StockListRow
              key={row.symbol}
              row={row}
              quote={row.quote ? withLive(row.quote, live[row.symbol]) : undefined}
              active={row.symbol === selected}
              onChoose={() => choose(row)}
              onOpenMenu={(e) => openMenu(row, e)}
            />
          ))}
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
