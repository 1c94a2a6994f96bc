import type { Order } from '@nivesh/shared';

/**
 * Orders whose outcome this tab already told the user about with its own toast: a placement that
 * filled or was rejected at once, or a cancel the user asked for. The server announces those
 * (`order-update`, then an 'Order filled'/'Order rejected'/'Order cancelled' notification) before
 * it answers the request, so a placement is marked by its clientOrderId first.
 */
const placing = new Set<string>();
const announcedHere = new Set<string>();
/** Socket events may trail the HTTP answer a little. */
const SETTLE_MS = 10_000;
const SETTLED_AT_PLACEMENT: ReadonlySet<Order['status']> = new Set(['FILLED', 'REJECTED']);

export function beginPlacement(clientOrderId: string): void {
  placing.add(clientOrderId);
}

export function endPlacement(clientOrderId: string, order?: Order): void {
  if (order && SETTLED_AT_PLACEMENT.has(order.status)) announcedHere.add(order.id);
  setTimeout(() => placing.delete(clientOrderId), SETTLE_MS);
}

/** Called with every `order-update`: the outcome of an order this tab is placing belongs to that placement. */
export function noteOrderUpdate(order: Order): void {
  if (placing.has(order.clientOrderId) && SETTLED_AT_PLACEMENT.has(order.status)) announcedHere.add(order.id);
}

/** A cancelled order has no later events, so its cancel notice stays this tab's for good. */
export function noteOwnCancel(orderId: string): void {
  announcedHere.add(orderId);
}

export function wasAnnouncedHere(orderId: string): boolean {
  return announcedHere.has(orderId);
}
