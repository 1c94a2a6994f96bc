/**
 * The pure F&O position rules (issue 28): signed quantities (shorts negative), a fill against the
 * opposite side closes first, and the realised P&L of the closed part at the average price.
 */
export interface SignedPosition {
  quantity: number;
  averagePricePaise: bigint;
}

export interface Netted extends SignedPosition {
  /** P&L realised by the part of the fill that closed the old position (paise). */
  realisedPaise: bigint;
}

/** Applies a fill of `signedQuantity` units at `pricePaise` to a position. */
export function netFill(p: SignedPosition, signedQuantity: number, pricePaise: bigint): Netted {
  const q0 = p.quantity;
  const q1 = q0 + signedQuantity;
  if (q0 === 0 || Math.sign(q0) === Math.sign(signedQuantity)) {
    const cost = p.averagePricePaise * BigInt(Math.abs(q0)) + pricePaise * BigInt(Math.abs(signedQuantity));
    return { quantity: q1, averagePricePaise: divRound(cost, BigInt(Math.abs(q1))), realisedPaise: 0n };
  }
  const closed = Math.min(Math.abs(q0), Math.abs(signedQuantity));
  const perUnit = q0 > 0 ? pricePaise - p.averagePricePaise : p.averagePricePaise - pricePaise;
  const realisedPaise = perUnit * BigInt(closed);
  if (q1 === 0) return { quantity: 0, averagePricePaise: 0n, realisedPaise };
  // Flipped through zero: the rest opens at the fill's price; otherwise the average stays.
  const flipped = Math.sign(q1) !== Math.sign(q0);
  return { quantity: q1, averagePricePaise: flipped ? pricePaise : p.averagePricePaise, realisedPaise };
}

/** Half-up division of non-negative paise. */
export function divRound(a: bigint, b: bigint): bigint {
  return b === 0n ? 0n : (a * 2n + b) / (2n * b);
}

/** Nearest valid quantities to a count of units that is not a whole number of lots. */
export function nearestLots(quantity: number, lot: number): number[] {
  const below = Math.floor(quantity / lot) * lot;
  return [below, below + lot].filter((q) => q > 0);
}
