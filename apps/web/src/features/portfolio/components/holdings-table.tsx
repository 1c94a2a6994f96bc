import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatInr, type Holding } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatSignedInr } from '../../../lib/money-format';
import { PriceChange } from '../../market/components/price-change';
import { changeTone, formatPercent } from '../../market/lib/format';
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { holdingKey } from '../lib/holdings';

export type WatchlistAction = (stock: { symbol: string; name: string }) => ReactNode;

const COLUMNS = [
  'Stock',
  'Quantity',
  'Avg Price',
  'Current Price',
  'Value',
  'Unrealised P&L',
  "Day's P&L",
  'Actions',
];

interface HoldingsViewProps {
  holdings: Holding[];
  highlighted: string | null;
  onSell: (holding: Holding) => void;
  watchlistAction?: WatchlistAction;
  /** The table's accessible name (Holdings, Intraday positions). */
  label: string;
}

export function HoldingsTable({ holdings, highlighted, onSell, watchlistAction, label }: HoldingsViewProps) {
  const navigate = useNavigate();
  const isPhone = useMediaQuery(MOBILE_QUERY);
  if (isPhone)
    return (
      <HoldingsList
        holdings={holdings}
        highlighted={highlighted}
        onSell={onSell}
        watchlistAction={watchlistAction}
        label={label}
      />
    );
  return (
    <ScrollRegion label={label}>
      <table className="w-full min-w-[820px] text-sm" data-testid="holdings-table">
        <caption className="sr-only">{label}, largest value first</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:border-slate-700 dark:text-slate-300">
            {COLUMNS.map((c, i) => (
              <th
                key={c}
                scope="col"
                className={cn(
                  'whitespace-nowrap px-2.5 py-2.5',
                  i === 0
                    ? 'sticky left-0 bg-white text-left dark:bg-slate-800'
                    : c === 'Actions'
                      ? 'text-center'
                      : 'text-right',
                )}
              >
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
          {holdings.map((h) => {
            const isNew = h.symbol === highlighted;
            return (
              <tr
                key={holdingKey(h)}
                data-testid={`holding-${h.symbol}`}
                data-highlighted={isNew || undefined}
                onClick={() => void navigate(`/stock/${encodeURIComponent(h.symbol)}`)}
                className={cn(
                  'cursor-pointer transition-colors hover:bg-slate-50 dark:hover:bg-slate-700/40',
                  isNew && 'bg-emerald-50 dark:bg-emerald-950/40',
                )}
              >
                <th
                  scope="row"
                  className={cn(
                    'sticky left-0 border-l-4 px-2.5 py-3 text-left font-normal',
                    isNew
                      ? 'border-emerald-500 bg-emerald-50 dark:bg-emerald-950'
                      : 'border-transparent bg-white dark:bg-slate-800',
                  )}
                >
                  <Link
                    to={`/stock/${encodeURIComponent(h.symbol)}`}
                    onClick={(e) => e.stopPropagation()}
                    className="block font-semibold text-slate-900 hover:text-indigo-700 dark:text-white dark:hover:text-indigo-300"
                  >
                    {h.symbol}
                  </Link>
                  <span className="block max-w-40 truncate text-xs text-slate-600 dark:text-slate-300">
                    {h.name}
                  </span>
                </th>
                <td
                  className="px-2.5 py-3 text-right tabular-nums text-slate-900 dark:text-slate-100"
                  data-testid="holding-quantity"
                >
                  {h.quantity}
                </td>
                <td
                  className="px-2.5 py-3 text-right tabular-nums text-slate-900 dark:text-slate-100"
                  data-testid="holding-avg-price"
                >
                  {formatInr(h.avgPrice)}
                </td>
                <td
                  className="px-2.5 py-3 text-right tabular-nums text-slate-900 dark:text-slate-100"
                  data-testid="holding-price"
                >
                  {formatInr(h.currentPrice)}
                </td>
                <td
                  className="px-2.5 py-3 text-right font-medium tabular-nums text-slate-900 dark:text-white"
                  data-testid="holding-value"
                >
                  {formatInr(h.value)}
                </td>
                <td
                  className={cn('px-2.5 py-3 text-right tabular-nums', changeTone(h.pnl))}
                  data-testid="holding-pnl"
                >
                  <span className="block font-medium">{formatSignedInr(h.pnl)}</span>
                  <span className="block text-xs">{formatPercent(h.pnlPercentage)}</span>
                </td>
                <td className="px-2.5 py-3 text-right">
                  <span className={cn('block font-medium tabular-nums', changeTone(h.dayChange))}>
                    {formatSignedInr(h.dayChange)}
                  </span>
                  <PriceChange
                    change={h.dayChange}
                    percent={h.dayChangePercent}
                    showAbsolute={false}
                    className="justify-end text-xs"
                  />
                </td>
                <td className="px-2.5 py-3" onClick={(e) => e.stopPropagation()}>
                  <HoldingActions
                    holding={h}
                    onSell={onSell}
                    watchlistAction={watchlistAction}
                    className="justify-center"
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** Phones get one card per holding instead of an eight-column table to scroll sideways. */
function HoldingsList({ holdings, highlighted, onSell, watchlistAction, label }: HoldingsViewProps) {
  return (
    <ul
      aria-label={label}
      className="divide-y divide-slate-100 dark:divide-slate-700"
      data-testid="holdings-list"
    >
      {holdings.map((h) => (
        <li
          key={holdingKey(h)}
          data-testid={`holding-${h.symbol}`}
          data-highlighted={h.symbol === highlighted || undefined}
          className={cn(
            'border-l-4 px-4 py-3',
            h.symbol === highlighted
              ? 'border-emerald-500 bg-emerald-50 dark:bg-emerald-950/40'
              : 'border-transparent',
          )}
        >
          <div className="flex items-start justify-between gap-3">
            <Link to={`/stock/${encodeURIComponent(h.symbol)}`} className="min-w-0">
              <span className="block font-semibold text-slate-900 dark:text-white">{h.symbol}</span>
              <span className="block truncate text-xs text-slate-600 dark:text-slate-300">{h.name}</span>
            </Link>
            <div className="text-right">
              <span
                className="block font-semibold tabular-nums text-slate-900 dark:text-white"
                data-testid="holding-value"
              >
                {formatInr(h.value)}
              </span>
              <span
                className={cn('block text-xs font-medium tabular-nums', changeTone(h.pnl))}
                data-testid="holding-pnl"
              >
                {formatSignedInr(h.pnl)} ({formatPercent(h.pnlPercentage)})
              </span>
            </div>
          </div>
          <dl className="mt-2 grid grid-cols-3 gap-2 text-xs">
            {(
              [
                ['Qty', String(h.quantity), 'holding-quantity'],
                ['Avg', formatInr(h.avgPrice), 'holding-avg-price'],
                ['LTP', formatInr(h.currentPrice), 'holding-price'],
              ] as const
            ).map(([term, value, testId]) => (
              <div key={term}>
                <dt className="text-slate-500 dark:text-slate-400">{term}</dt>
                <dd
                  className="font-medium tabular-nums text-slate-900 dark:text-slate-100"
                  data-testid={testId}
                >
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          <div className="mt-2 flex items-center justify-between gap-2">
            <span className={cn('text-xs font-medium tabular-nums', changeTone(h.dayChange))}>
              Day's P&L {formatSignedInr(h.dayChange)} ({formatPercent(h.dayChangePercent)})
            </span>
            <HoldingActions holding={h} onSell={onSell} watchlistAction={watchlistAction} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Watch, Buy more of the same product (to the trading screen) and Sell (the quantity dialog) for one row. */
function HoldingActions({
  holding,
  onSell,
  watchlistAction,
  className,
}: {
  holding: Holding;
  onSell: (holding: Holding) => void;
  watchlistAction?: WatchlistAction;
  className?: string;
}) {
  const { symbol, name, product } = holding;
  return (
    <div className={cn('flex items-center gap-1', className)}>
      {watchlistAction?.({ symbol, name })}
      <Link
        to={`/trading?symbol=${encodeURIComponent(symbol)}&type=BUY&product=${product}`}
        aria-label={`Buy ${symbol}`}
        className="rounded-lg bg-emerald-700 px-3 py-1.5 text-xs font-semibold text-white hover:bg-emerald-800"
      >
        Buy
      </Link>
      <Button
        size="sm"
        variant="danger"
        className="px-3! text-xs"
        aria-label={`Sell ${symbol}`}
        onClick={() => onSell(holding)}
      >
        Sell
      </Button>
    </div>
  );
}
