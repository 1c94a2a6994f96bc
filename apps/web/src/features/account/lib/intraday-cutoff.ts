import {
  formatClock,
  intradaySessionFor,
  istTradeDate,
  PRODUCT_LABELS,
  type IntradayCutoff,
  type Product,
} from '@nivesh/shared';

/** When new intraday (MIS) orders stop and open ones are squared off (the preview's, or the shared rule's). */
export type { IntradayCutoff };

const clock = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * `15:20 IST`: the cut-off's time of day on the app's clock. In the simulated always-open session
 * the exchange's 15:20 falls at another hour, so that case names both.
 */
export function cutoffTime(cutoff: IntradayCutoff, simulated = false): string {
  const at = `${formatClock(cutoff.at)} IST`;
  if (!simulated) return at;
  const session = intradaySessionFor(istTradeDate(Date.parse(cutoff.at)));
  return `${at} (${clock(session.cutoffMinute)} of the simulated session)`;
}

/** Why Intraday cannot be chosen now, or null while it can. */
export function intradayRefusal(cutoff: IntradayCutoff | null | undefined, simulated = false): string | null {
  if (!cutoff?.passed) return null;
  return `${PRODUCT_LABELS.MIS.short} orders closed at ${cutoffTime(cutoff, simulated)}; new orders today are ${PRODUCT_LABELS.CNC.short}`;
}

/** The line under the product choice: the square-off time, or why Intraday is closed. */
export function cutoffNote(cutoff: IntradayCutoff | null | undefined, simulated = false): string | null {
  if (!cutoff) return null;
  return (
    intradayRefusal(cutoff, simulated) ??
    `Intraday positions are squared off at ${cutoffTime(cutoff, simulated)}`
  );
}

/** The product a ticket may send now: Intraday falls back to Delivery once the cut-off has passed. */
export function usableProduct(chosen: Product, cutoff: IntradayCutoff | null | undefined): Product {
  return chosen === 'MIS' && cutoff?.passed ? 'CNC' : chosen;
}
