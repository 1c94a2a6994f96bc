import type { NavigateFunction } from 'react-router';
import { Info, LineChart, ShoppingCart, Star, TrendingDown } from 'lucide-react';
import { isTradable, VIEW_ONLY_MESSAGE } from '@nivesh/shared';
import { type ContextMenuItem } from '../../../components/ui/context-menu';
import { cn } from '../../../lib/cn';

import type { Row, WatchlistControls } from './stock-list';

export interface StockMenuContext {
  watchlist: WatchlistControls | undefined;
  held: ReadonlySet<string>;
  onOrder: (symbol: string, side: 'BUY' | 'SELL') => void;
  navigate: NavigateFunction;
}

/** A row's context menu: quick sell, enhanced order, chart, watchlist, details. */
export function stockMenuItems(
  row: Row,
  { watchlist, held, onOrder, navigate }: StockMenuContext,
): ContextMenuItem[] {
  const watched = watchlist?.isWatched(row.symbol) ?? false;
  const tradable = isTradable(row);
  return [
    {
      label: 'Quick Sell',
      icon: <TrendingDown aria-hidden="true" className="size-4" />,
      onSelect: () => onOrder(row.symbol, 'SELL'),
      disabled: !tradable || !held.has(row.symbol),
      hint: tradable ? `You hold no ${row.symbol} shares to sell` : VIEW_ONLY_MESSAGE,
    },
    {
      label: 'Enhanced Order',
      icon: <ShoppingCart aria-hidden="true" className="size-4" />,
      onSelect: () => onOrder(row.symbol, 'BUY'),
      disabled: !tradable,
      hint: VIEW_ONLY_MESSAGE,
    },
    {
      label: 'View Chart',
      icon: <LineChart aria-hidden="true" className="size-4" />,
      onSelect: () => void navigate(`/charts?symbol=${encodeURIComponent(row.symbol)}`),
    },
    ...(watchlist
      ? [
          {
            label: watched ? 'Remove from Watchlist' : 'Add to Watchlist',
            icon: (
              <Star aria-hidden="true" className={cn('size-4', watched && 'fill-amber-400 text-amber-500')} />
            ),
            onSelect: () => watchlist.toggle(row.symbol, row.name),
            disabled: !watchlist.ready,
            hint: 'Watchlists are still loading',
          },
        ]
      : []),
    {
      label: 'View Details',
      icon: <Info aria-hidden="true" className="size-4" />,
      onSelect: () => void navigate(`/stock/${encodeURIComponent(row.symbol)}`),
    },
  ];
}
