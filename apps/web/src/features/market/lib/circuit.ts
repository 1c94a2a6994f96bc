import { circuitLabel, type Quote } from '@nivesh/shared';
import { formatPrice } from '../../../lib/money-format';

export type CircuitQuote = Pick<
  Quote,
  'bandClass' | 'lowerCircuit' | 'upperCircuit' | 'circuitLock' | 'currency' | 'previousClose'
>;

/**
 * How a stock's limits read: "Circuit" with its band, or "Operating range" for a stock with
 * derivatives (no fixed band); with a sentence saying where the limits come from. Null where there
 * is no circuit (an index, a US stock).
 */
export function circuitText(q: CircuitQuote): { label: string; range: string; explain: string } | null {
  if (q.bandClass === null || q.lowerCircuit === null || q.upperCircuit === null) return null;
  const range = `${formatPrice(q.lowerCircuit, q.currency)} – ${formatPrice(q.upperCircuit, q.currency)}`;
  const close = formatPrice(q.previousClose, q.currency);
  const explain =
    q.bandClass === 'DYNAMIC'
      ? `No fixed circuit (a stock with derivatives): orders must lie within ±10% of the previous close ${close}, widened in 5% steps after 15 minutes at its edge.`
      : `Orders must lie within ±${q.bandClass} of the previous close ${close}; at a circuit only one side trades.`;
  return { label: circuitLabel(q.bandClass), range, explain };
}
