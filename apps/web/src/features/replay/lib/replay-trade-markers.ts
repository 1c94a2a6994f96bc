import type { Candle, ReplayTrade } from '@nivesh/shared';

/** A trade placed on a chart candle (the shape the charts' canvas draws as markers). */
export interface TradeMarker {
  time: number;
  side: 'BUY' | 'SELL';
  text: string;
}

/**
 * The trades of one symbol on the candles charting it: each on the candle its time falls in (the
 * last candle starting at or before it), in time order; a trade outside the candles' span is left out.
 */
export function tradeMarkers(
  trades: readonly ReplayTrade[],
  symbol: string,
  candles: readonly Candle[],
): TradeMarker[] {
  const last = candles.at(-1);
  if (!last) return [];
  // A trade past the last candle's span (another day of a multi-day replay) is not on this chart.
  const span = candles.length > 1 ? last.time - candles.at(-2)!.time : 60;
  const out: TradeMarker[] = [];
  for (const t of trades) {
    if (t.symbol !== symbol) continue;
    const at = Math.floor(new Date(t.time).getTime() / 1000);
    if (at >= last.time + span) continue;
    let candle: Candle | undefined;
    for (const c of candles) {
      if (c.time > at) break;
      candle = c;
    }
    if (!candle) continue;
    out.push({ time: candle.time, side: t.side, text: `${t.side === 'BUY' ? 'B' : 'S'} ${t.quantity}` });
  }
  return out.sort((a, b) => a.time - b.time);
}
