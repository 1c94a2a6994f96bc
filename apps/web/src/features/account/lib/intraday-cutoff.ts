import { formatClock, PRODUCT_LABELS, type IntradayCutoff, type Product } from '@nivesh/shared';

/** When new intraday (MIS) orders stop and open ones are squared off (the preview's, or the shared rule's). */
export type { IntradayCutoff };

/** `15:20 IST`: the cut-off's time of day on the app's clock. */
export function cutoffTime(cutoff: IntradayCutoff): string {
  return `${formatClock(cutoff.at)} IST`;
}

/** Why Intraday cannot be chosen now, or null while it can. */
export function intradayRefusal(cutoff: IntradayCutoff | null | undefined): string | null {
  if (!cutoff?.passed) return null;
  return `${PRODUCT_LABELS.MIS.short} orders closed at ${cutoffTime(cutoff)}; new orders today are ${PRODUCT_LABELS.CNC.short}`;
}

/** The line under the product choice: the square-off time, or why Intraday is closed. */
export function cutoffNote(cutoff: IntradayCutoff | null | undefined): string | null {
  if (!cutoff) return null;
  return intradayRefusal(cutoff) ?? `Intraday positions are squared off at ${cutoffTime(cutoff)}`;
}

/** The product a ticket may send now: Intraday falls back to Delivery once the cut-off has passed. */
export function usableProduct(chosen: Product, cutoff: IntradayCutoff | null | undefined): Product {
  return chosen === 'MIS' && cutoff?.passed ? 'CNC' : chosen;
}
