import { Link } from 'react-router';
import { NotebookPen, Pencil, XCircle } from 'lucide-react';
import { PRODUCT_LABELS, type Order } from '@nivesh/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  formatOrderTime,
  isOpenOrder,
  ORDER_STATUS_META,
  orderDisplayPrice,
  orderDisplayTotal,
  SIDE_TONE,
} from '../../account/lib/order-status';
import { formatPrice } from '../../../lib/money-format';
import { OrderReceipt } from '../../account/components/order-receipt';

const title = (s: string) => s.charAt(0) + s.slice(1).toLowerCase();

export function OrderRow({
  order,
  onEdit,
  onCancel,
}: {
  order: Order;
  onEdit: () => void;
  onCancel: () => void;
}) {
  const price = orderDisplayPrice(order);
  const total = orderDisplayTotal(order);
  const meta = ORDER_STATUS_META[order.status];
  return (
    <tr
      className="align-top hover:bg-slate-50 dark:hover:bg-slate-700/30"
      data-testid={`order-row-${order.id}`}
    >
      <td className="px-4 py-3">
        <Link
          to={`/stock/${encodeURIComponent(order.symbol)}`}
          className="font-semibold text-slate-900 hover:text-indigo-700 dark:text-white dark:hover:text-indigo-300"
        >
          {order.symbol}
        </Link>
        <span className="block max-w-52 truncate text-xs text-slate-600 dark:text-slate-300">
          {order.stockName}
        </span>
        <span className="block font-mono text-[11px] text-slate-500 dark:text-slate-400" title={order.id}>
          #{order.id.slice(0, 8)}
        </span>
        <OrderReceipt receipt={order.receipt} className="max-w-64" />
      </td>
      <td className="px-4 py-3">
        <Badge tone={SIDE_TONE[order.type]}>{order.type}</Badge>
        <span className="mt-1 block text-xs text-slate-600 dark:text-slate-300">
          {title(order.orderType)}
          {order.orderType !== 'MARKET' ? ` · ${order.validity}` : ''}
        </span>
        <span className="block text-xs text-slate-600 dark:text-slate-300" data-testid="order-product">
          {PRODUCT_LABELS[order.product].short}
        </span>
      </td>
      <td className="px-4 py-3 tabular-nums text-slate-900 dark:text-white">{order.quantity}</td>
      <td className="px-4 py-3 tabular-nums text-slate-900 dark:text-white">
        {price !== null ? formatPrice(price) : 'Market'}
        {order.orderType === 'STOP' && order.triggerPrice !== null && order.executionPrice !== null ? (
          <span className="block text-xs text-slate-600 dark:text-slate-300">
            Trigger {formatPrice(order.triggerPrice)}
          </span>
        ) : null}
      </td>
      <td className="px-4 py-3 tabular-nums text-slate-900 dark:text-white">
        {total !== null ? formatPrice(total) : '—'}
        {order.fees > 0 ? (
          <span className="block text-xs text-slate-600 dark:text-slate-300">
            Fees {formatPrice(order.fees)}
          </span>
        ) : null}
      </td>
      <td className="px-4 py-3">
        <Badge tone={meta.tone} testId="order-status">
          {order.status}
        </Badge>
        {order.statusReason ? (
          <span className="mt-1 block max-w-48 text-xs text-slate-600 dark:text-slate-300">
            {order.statusReason}
          </span>
        ) : null}
      </td>
      <td className="whitespace-nowrap px-4 py-3 text-sm text-slate-600 dark:text-slate-300">
        <time dateTime={order.createdAt}>{formatOrderTime(order.createdAt)}</time>
      </td>
      <td className="px-4 py-3">
        {isOpenOrder(order) ? (
          <div className="flex gap-1">
            <button
              type="button"
              onClick={onEdit}
              aria-label={`Edit order ${order.symbol} #${order.id.slice(0, 8)}`}
              title="Edit order"
              className="rounded-md p-1.5 text-slate-600 hover:bg-indigo-50 hover:text-indigo-700 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-indigo-300"
            >
              <Pencil aria-hidden="true" className="size-4" />
            </button>
            <button
              type="button"
              onClick={onCancel}
              aria-label={`Cancel order ${order.symbol} #${order.id.slice(0, 8)}`}
              title="Cancel order"
              className="rounded-md p-1.5 text-slate-600 hover:bg-red-50 hover:text-red-700 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-red-400"
            >
              <XCircle aria-hidden="true" className="size-4" />
            </button>
          </div>
        ) : order.status === 'FILLED' ? (
          <Link
            to={`/trades?order=${encodeURIComponent(order.id)}`}
            aria-label={`Add to journal: order ${order.symbol} #${order.id.slice(0, 8)}`}
            title="Add to journal"
            className="inline-flex rounded-md p-1.5 text-slate-600 hover:bg-indigo-50 hover:text-indigo-700 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-indigo-300"
          >
            <NotebookPen aria-hidden="true" className="size-4" />
          </Link>
        ) : (
          <span className="text-sm text-slate-400 dark:text-slate-500" aria-label="No actions">
            —
          </span>
        )}
      </td>
    </tr>
  );
}

/** Phones get one card per order instead of a table wider than the screen. */
export function OrderCard({
  order,
  onEdit,
  onCancel,
}: {
  order: Order;
  onEdit: () => void;
  onCancel: () => void;
}) {
  const price = orderDisplayPrice(order);
  const total = orderDisplayTotal(order);
  return (
    <li className="space-y-2 px-4 py-3" data-testid={`order-row-${order.id}`}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex items-center gap-2">
            <Badge tone={SIDE_TONE[order.type]}>{order.type}</Badge>
            <Link
              to={`/stock/${encodeURIComponent(order.symbol)}`}
              className="font-semibold text-slate-900 dark:text-white"
            >
              {order.symbol}
            </Link>
          </p>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
            {order.quantity} × {price !== null ? formatPrice(price) : 'Market'} · {title(order.orderType)}
            {order.orderType !== 'MARKET' ? ` · ${order.validity}` : ''} ·{' '}
            <span data-testid="order-product">{PRODUCT_LABELS[order.product].short}</span>
          </p>
        </div>
        <div className="text-right">
          <p className="font-semibold tabular-nums text-slate-900 dark:text-white">
            {total !== null ? formatPrice(total) : '—'}
          </p>
          <Badge tone={ORDER_STATUS_META[order.status].tone} testId="order-status">
            {order.status}
          </Badge>
        </div>
      </div>
      <OrderReceipt receipt={order.receipt} />
      <div className="flex items-center justify-between gap-2 text-xs text-slate-600 dark:text-slate-300">
        <time dateTime={order.createdAt}>{formatOrderTime(order.createdAt)}</time>
        {order.statusReason ? <span className="truncate">{order.statusReason}</span> : null}
        {isOpenOrder(order) ? (
          <span className="flex gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={onEdit}
              aria-label={`Edit order ${order.symbol} #${order.id.slice(0, 8)}`}
            >
              Edit
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={onCancel}
              aria-label={`Cancel order ${order.symbol} #${order.id.slice(0, 8)}`}
            >
              Cancel
            </Button>
          </span>
        ) : order.status === 'FILLED' ? (
          <Link
            to={`/trades?order=${encodeURIComponent(order.id)}`}
            aria-label={`Add to journal: order ${order.symbol} #${order.id.slice(0, 8)}`}
            className="shrink-0 font-medium text-indigo-700 hover:underline dark:text-indigo-300"
          >
            Add to journal
          </Link>
        ) : null}
      </div>
    </li>
  );
}
