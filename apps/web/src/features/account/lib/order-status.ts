import type { Order, OrderStatus } from '@nivesh/shared';
import { formatDateTime } from '../../../lib/date-format';

/** Order statuses with the words and colours every order list uses (trading, orders, dashboard). */
export const ORDER_STATUS_META: Record<OrderStatus, { label: string; tone: string }> = {
  PENDING: { label: 'Pending', tone: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200' },
  OPEN: { label: 'Open', tone: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200' },
  FILLED: {
    label: 'Filled',
    tone: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  },
  CANCELLED: {
    label: 'Cancelled',
    tone: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  },
  REJECTED: { label: 'Rejected', tone: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200' },
  EXPIRED: { label: 'Expired', tone: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100' },
};

export const SIDE_TONE = {
  BUY: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  SELL: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
} as const;

/** Only resting orders can still be changed or cancelled; the server refuses the rest. */
export function isOpenOrder(order: Pick<Order, 'status'>): boolean {
  return order.status === 'PENDING' || order.status === 'OPEN';
}

/** The price a row shows: what it filled at, else the limit, else the stop trigger; null for a resting market order. */
export function orderDisplayPrice(order: Order): number | null {
  return order.executionPrice ?? order.limitPrice ?? order.triggerPrice ?? order.price;
}

/** Value of the order: the cash it moved once filled, else what it would move at its display price. */
export function orderDisplayTotal(order: Order): number | null {
  if (order.total !== null) return order.total;
  const price = orderDisplayPrice(order);
  return price === null ? null : Math.round(price * order.quantity * 100) / 100;
}

/** When the order was placed, in the app's one date-time format (`MMM DD, YYYY HH:mm`, IST). */
export function formatOrderTime(iso: string): string {
  return formatDateTime(iso);
}
