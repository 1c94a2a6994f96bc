import { Link } from 'react-router';
import { isTradable, shareCount, type Currency, type Exchange } from '@nivesh/shared';
import { cn } from '../../../lib/cn';
import { ViewOnlyBadge } from '../../market/components/view-only-badge';
import { usePortfolioSummary } from '../api/account-api';

const linkClass = 'rounded-lg px-3 py-1.5 text-sm font-semibold text-white';

/**
 * Buy and Sell for one stock (opening /trading with it selected) and what the user holds of it;
 * a US stock gets the view-only badge instead, since cash is rupees. Sell is offered only for
 * shares not already held back by a resting sell.
 */
export function TradeActions({
  symbol,
  currency,
  exchange,
  className,
}: {
  symbol: string;
  currency: Currency;
  exchange: Exchange;
  className?: string;
}) {
  const summary = usePortfolioSummary();
  // An index is a level, not something to own.
  if (exchange === 'INDEX') return null;
  if (!isTradable({ currency })) return <ViewOnlyBadge instrument={{ currency }} className={className} />;

  // Delivery and intraday are separate positions of one symbol; the sell opens on one with free shares.
  const rows = summary.data?.positions.filter((p) => p.symbol === symbol) ?? [];
  const sum = (pick: (p: (typeof rows)[number]) => number) => rows.reduce((n, p) => n + pick(p), 0);
  const held = sum((p) => p.quantity);
  const reserved = sum((p) => p.reservedQuantity);
  const free = sum((p) => p.sellableQuantity);
  const intraday = sum((p) => (p.product === 'MIS' ? p.quantity : 0));
  const sellProduct = (
    rows.find((p) => p.product === 'CNC' && p.sellableQuantity > 0) ??
    rows.find((p) => p.sellableQuantity > 0)
  )?.product;
  const to = (side: 'BUY' | 'SELL') =>
    `/trading?symbol=${encodeURIComponent(symbol)}&type=${side}${side === 'SELL' && sellProduct ? `&product=${sellProduct}` : ''}`;

  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)} data-testid="trade-actions">
      {summary.data ? (
        <span className="text-sm text-slate-700 dark:text-slate-200" data-testid="you-hold">
          {held > 0 ? `You hold ${shareCount(held)}` : `You hold no ${symbol} shares`}
          {intraday > 0 ? (intraday === held ? ' intraday' : ` · ${shareCount(intraday)} intraday`) : ''}
          {reserved > 0 ? ` · ${shareCount(reserved)} in a resting sell` : ''}
        </span>
      ) : null}
      <Link
        to={to('BUY')}
        aria-label={`Buy ${symbol}`}
        className={cn(linkClass, 'bg-emerald-700 hover:bg-emerald-800')}
      >
        Buy
      </Link>
      {free > 0 ? (
        <Link
          to={to('SELL')}
          aria-label={`Sell ${symbol}`}
          className={cn(linkClass, 'bg-red-700 hover:bg-red-800')}
        >
          Sell
        </Link>
      ) : (
        <button
          type="button"
          disabled
          aria-label={`Sell ${symbol}`}
          title={
            held > 0
              ? 'All your shares are held back by resting sell orders'
              : `You hold no ${symbol} shares to sell`
          }
          className={cn(linkClass, 'cursor-not-allowed bg-red-700 opacity-50')}
        >
          Sell
        </button>
      )}
    </div>
  );
}
