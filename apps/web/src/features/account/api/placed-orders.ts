import type { Order } from '@nivesh/shared';

/**
 * Orders whose outcome this tab already told the user about with its own toast: a placement that
 * filled or was rejected at once, or a cancel the user asked for. The server announces those
 * (`order-update`, then an 'Order filled'/'Order rejected'/'Order cancelled' notification) before
 * it answers the request, so a placement is marked by its clientOrderId first.
 */
/** clientOrderId → whether the placement's own first `order-update` has been seen. */
const placing = new Map<string, boolean>();
const announcedHere = new Set<string>();
const SETTLED_AT_PLACEMENT: ReadonlySet<Order['status']> = new Set(['FILLED', 'REJECTED']);

export function beginPlacement(clientOrderId: string): void {
  placing.set(clientOrderId, false);
}

/**
 * The answer decides: an order that rests (PENDING) and fills later was filled by the matcher,
 * and that fill is news even seconds after placing it.
 */
export function endPlacement(clientOrderId: string, order?: Order): void {
  placing.delete(clientOrderId);
  if (order && SETTLED_AT_PLACEMENT.has(order.status)) announcedHere.add(order.id);
}

/**
 * Called with every `order-update`. The first one for an order still being placed is the
 * placement's own outcome; a later one (the matcher filling a resting order) is news.
 */
export function noteOrderUpdate(order: Order): void {
  if (placing.get(order.clientOrderId) !== false) return;
  placing.set(order.clientOrderId, true);
  if (SETTLED_AT_PLACEMENT.has(order.status)) announcedHere.add(order.id);
}

/** A cancelled order has no later events, so its cancel notice stays this tab's for good. */
export function noteOwnCancel(orderId: string): void {
  announcedHere.add(orderId);
}

export function wasAnnouncedHere(orderId: string): boolean {
  return announcedHere.has(orderId);
}
