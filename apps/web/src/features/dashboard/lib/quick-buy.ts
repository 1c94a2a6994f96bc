import { computeFees, paiseToRupees, rupeesToPaise, type FeeSchedule } from '@nivesh/shared';

export interface BuyEstimate {
  tradeValue: number;
  fees: number;
  total: number;
  sufficient: boolean;
}

/** The same fee schedule the fill uses (the chosen product's), so the estimate is the charge at this price. */
export function estimateBuy(
  price: number,
  quantity: number,
  availableCash: number,
  schedule: FeeSchedule,
): BuyEstimate {
  const valuePaise = rupeesToPaise(price) * BigInt(quantity);
  const feesPaise = computeFees('BUY', valuePaise, schedule).total;
  const totalPaise = valuePaise + feesPaise;
  return {
    tradeValue: paiseToRupees(valuePaise),
    fees: paiseToRupees(feesPaise),
    total: paiseToRupees(totalPaise),
    sufficient: totalPaise <= rupeesToPaise(availableCash),
  };
}

/** The stock detail quantity: at least 1; anything not a whole number reads as 1. */
export function readQuantity(text: string): number {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) && n >= 1 ? n : 1;
}
