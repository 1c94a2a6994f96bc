import type { Order } from '@nivesh/shared';

/**
 * Orders this tab is placing, and those of them that filled at once. The server announces a fill
 * (`order-update`, then an 'Order filled' notification) before it answers the placement request,
 * so the tab marks the attempt first; the placement toast is then the one toast the user sees.
 */
const placing = new Set<string>();
const filledOnPlacement = new Set<string>();
/** Socket events may trail the HTTP answer a little. */
const SETTLE_MS = 10_000;

export function beginPlacement(clientOrderId: string): void {
  placing.add(clientOrderId);
}

export function endPlacement(clientOrderId: string, order?: Order): void {
  if (order?.status === 'FILLED') filledOnPlacement.add(order.id);
  setTimeout(() => placing.delete(clientOrderId), SETTLE_MS);
}

/** Called with every `order-update`: a fill of an order this tab is placing belongs to that placement. */
export function noteOrderUpdate(order: Order): void {
  if (order.status === 'FILLED' && placing.has(order.clientOrderId)) filledOnPlacement.add(order.id);
}

export function wasFilledOnPlacement(orderId: string): boolean {
  return filledOnPlacement.has(orderId);
}
