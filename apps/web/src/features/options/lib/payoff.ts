import { black76 } from './option-math';
import { sign, units, type StrategyLeg } from './strategy';

function intrinsic(leg: StrategyLeg, price: number): number {
  return Math.max(0, leg.type === 'CE' ? price - leg.strike : leg.strike - price);
}

/** Profit in rupees at expiry if the index settles at `price`. */
export function expiryPayoff(legs: readonly StrategyLeg[], lotSize: number, price: number): number {
  return legs.reduce(
    (sum, leg) => sum + sign(leg.side) * units(leg, lotSize) * (intrinsic(leg, price) - leg.price),
    0,
  );
}

export interface TodayMarket {
  /** Years to expiry now. */
  T: number;
  /** future / spot: the carry the chain prices at, kept when the index moves. */
  carry: number;
  r: number;
}

/** Profit in rupees now if the index moved to `price`, each leg at its chain IV (Black-76). */
export function todayPayoff(
  legs: readonly StrategyLeg[],
  lotSize: number,
  price: number,
  market: TodayMarket,
): number {
  const F = price * market.carry;
  return legs.reduce((sum, leg) => {
    const value = black76({
      F,
      K: leg.strike,
      T: market.T,
      sigma: leg.iv / 100,
      r: market.r,
      type: leg.type,
    });
    return sum + sign(leg.side) * units(leg, lotSize) * (value - leg.price);
  }, 0);
}

export interface PayoffSummary {
  /** null: unbounded (the payoff keeps rising as the index rises). */
  maxProfit: number | null;
  /** null: unbounded; otherwise the worst outcome as a negative (or zero) number. */
  maxLoss: number | null;
  breakevens: number[];
}

/**
 * The expiry payoff is piecewise linear with kinks only at the strikes, so its extremes are at an
 * index of 0, at a strike, or at infinity (decided by the slope past the last strike).
 */
export function payoffSummary(legs: readonly StrategyLeg[], lotSize: number): PayoffSummary {
  if (legs.length === 0) return { maxProfit: 0, maxLoss: 0, breakevens: [] };
  const strikes = [...new Set(legs.map((l) => l.strike))].sort((a, b) => a - b);
  const points = [0, ...strikes];
  const values = points.map((p) => expiryPayoff(legs, lotSize, p));
  const slopeUp = legs
    .filter((l) => l.type === 'CE')
    .reduce((s, l) => s + sign(l.side) * units(l, lotSize), 0);
  const maxProfit = slopeUp > 0 ? null : Math.max(...values);
  const maxLoss = slopeUp < 0 ? null : Math.min(...values);
  return { maxProfit, maxLoss, breakevens: breakevens(points, values, slopeUp) };
}

function breakevens(points: number[], values: number[], slopeUp: number): number[] {
  const found: number[] = [];
  const push = (x: number) => {
    const rounded = Math.round(x * 100) / 100;
    if (!found.includes(rounded)) found.push(rounded);
  };
  for (let i = 0; i + 1 < points.length; i += 1) {
    const [x0, x1, y0, y1] = [points[i]!, points[i + 1]!, values[i]!, values[i + 1]!];
    if (y0 === 0 && i > 0) push(x0);
    else if ((y0 < 0 && y1 > 0) || (y0 > 0 && y1 < 0)) push(x0 + ((x1 - x0) * -y0) / (y1 - y0));
  }
  const lastX = points.at(-1)!;
  const lastY = values.at(-1)!;
  if (lastY === 0 && points.length > 1) push(lastX);
  else if (slopeUp !== 0 && Math.sign(lastY) === -Math.sign(slopeUp)) push(lastX - lastY / slopeUp);
  return found;
}

/** The x range the chart draws: the strikes and breakevens with room either side. */
export function chartRange(legs: readonly StrategyLeg[], spot: number): [number, number] {
  const xs = [spot, ...legs.map((l) => l.strike)];
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  const pad = Math.max((hi - lo) * 0.5, spot * 0.05);
  return [Math.max(0, lo - pad), hi + pad];
}

export interface PayoffPoint {
  price: number;
  expiry: number;
  today: number;
}

export function payoffCurve(
  legs: readonly StrategyLeg[],
  lotSize: number,
  range: [number, number],
  market: TodayMarket,
  steps = 120,
): PayoffPoint[] {
  const [lo, hi] = range;
  return Array.from({ length: steps + 1 }, (_, i) => {
    const price = lo + ((hi - lo) * i) / steps;
    return {
      price,
      expiry: expiryPayoff(legs, lotSize, price),
      today: todayPayoff(legs, lotSize, price, market),
    };
  });
}
