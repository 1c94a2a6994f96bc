/** A fill of a replay's portfolio, on the replay clock. */
export interface ScoredFill {
  ms: number;
  symbol: string;
  side: 'BUY' | 'SELL';
  quantity: number;
  valuePaise: bigint;
  feesPaise: bigint;
}

/** Percent with 2 decimals: (to − from) ÷ from × 100. */
export function changePercent(from: number, to: number): number {
  return Math.round(((to - from) / from) * 10_000) / 100;
}

/**
 * The portfolio's value (cash + shares at that instant's price) at each of `times` (ascending): cash
 * starts at the starting cash and moves by each fill at or before the instant (a buy costs its value
 * plus fees, a sell brings its value less fees).
 */
export function valueSeries(
  startingPaise: bigint,
  fills: readonly ScoredFill[],
  times: readonly number[],
  pricePaiseAt: (symbol: string, ms: number) => bigint,
): bigint[] {
  let cash = startingPaise;
  const held = new Map<string, number>();
  let next = 0;
  return times.map((ms) => {
    while (next < fills.length && fills[next]!.ms <= ms) {
      const f = fills[next++]!;
      const sign = f.side === 'BUY' ? 1 : -1;
      cash += f.side === 'BUY' ? -(f.valuePaise + f.feesPaise) : f.valuePaise - f.feesPaise;
      held.set(f.symbol, (held.get(f.symbol) ?? 0) + sign * f.quantity);
    }
    let value = cash;
    for (const [symbol, quantity] of held)
      if (quantity > 0) value += pricePaiseAt(symbol, ms) * BigInt(quantity);
    return value;
  });
}

/** The largest fall from a running peak, as a percent of that peak (2 decimals); 0 when it never fell. */
export function maxDrawdownPercent(values: readonly bigint[]): number {
  let peak = 0n;
  let worst = 0;
  for (const v of values) {
    if (v > peak) peak = v;
    if (peak > 0n) worst = Math.max(worst, Number(peak - v) / Number(peak));
  }
  return Math.round(worst * 10_000) / 100;
}

/** Equal weights: the mean of each stock's change from `from` to `to`, 2 decimals; null for none. */
export function equalWeightPercent(changes: readonly { from: number; to: number }[]): number | null {
  if (changes.length === 0) return null;
  const mean = changes.reduce((sum, c) => sum + (c.to - c.from) / c.from, 0) / changes.length;
  return Math.round(mean * 10_000) / 100;
}
