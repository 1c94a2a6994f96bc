import { Link } from 'react-router';
import { History } from 'lucide-react';
import { PRODUCT_LABELS } from '@nivesh/shared';
import { Badge } from '../../../components/ui/badge';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useOrders } from '../../account/api/account-api';
import {
  formatOrderTime,
  ORDER_STATUS_META,
  orderDisplayPrice,
  orderDisplayTotal,
  SIDE_TONE,
} from '../../account/lib/order-status';
import { formatPrice } from '../../../lib/money-format';

export const RECENT_ORDERS_LIMIT = 8;

/** The user's latest orders from the server; fills, cancels and expiries arrive by `order-update`. */
export function RecentOrders() {
  const orders = useOrders({ limit: RECENT_ORDERS_LIMIT });
  return (
    <Card>
      <CardTitle
        icon={<History aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-400" />}
        action={
          <Link
            to="/orders"
            className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
          >
            View all orders
          </Link>
        }
      >
        Recent Orders
      </CardTitle>
      {orders.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <Spinner size="sm" /> Loading orders...
        </p>
      ) : orders.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(orders.error, 'Failed to fetch orders')}
        </p>
      ) : orders.data.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300">
          No orders yet. Pick a stock and place your first order.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-700" aria-label="Recent orders">
          {orders.data.data.map((o) => {
            const price = orderDisplayPrice(o);
            const total = orderDisplayTotal(o);
            return (
              <li
                key={o.id}
                className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3"
                data-testid={`recent-order-${o.id}`}
              >
                {/* At least 12rem for the symbol and terms, so on a phone the figures wrap below them. */}
                <div className="flex min-w-0 flex-1 basis-48 items-center gap-2">
                  <Badge tone={SIDE_TONE[o.type]}>{o.type}</Badge>
                  <span className="min-w-0">
                    <span
                      className="block font-semibold text-slate-900 dark:text-white"
                      data-testid="recent-order-symbol"
                    >
                      {o.symbol}
                    </span>
                    <span className="block text-xs text-slate-600 dark:text-slate-300">
                      {o.quantity} × {price !== null ? formatPrice(price) : 'Market'} · {o.orderType} ·{' '}
                      {PRODUCT_LABELS[o.product].short}
                    </span>
                  </span>
                </div>
                <span className="text-sm font-semibold tabular-nums text-slate-900 dark:text-white">
                  {total !== null ? formatPrice(total) : '—'}
                </span>
                <Badge tone={ORDER_STATUS_META[o.status].tone} testId="recent-order-status">
                  {o.status}
                </Badge>
                <time
                  dateTime={o.createdAt}
                  className="w-24 text-right text-xs text-slate-600 dark:text-slate-300"
                >
                  {formatOrderTime(o.createdAt)}
                </time>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
