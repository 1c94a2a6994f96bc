import type { OptionChainRow, OptionQuote, OptionType } from '@nivesh/shared';

export type LegSide = 'BUY' | 'SELL';

/** One leg of a strategy, priced at the chain's quote when it was added. */
export interface StrategyLeg {
  tradingsymbol: string;
  type: OptionType;
  strike: number;
  side: LegSide;
  lots: number;
  /** Premium per unit (the LTP when the leg was added). */
  price: number;
  /** The leg's limit when the strategy goes as limit orders (starts at `price`, on the 0.05 tick). */
  limit: number;
  /** Percent, from the chain. */
  iv: number;
  delta: number;
  gamma: number;
  theta: number;
  vega: number;
}

export function legKey(leg: Pick<StrategyLeg, 'tradingsymbol' | 'side'>): string {
  return `${leg.side}:${leg.tradingsymbol}`;
}

export function legFromQuote(row: OptionChainRow, type: OptionType, side: LegSide): StrategyLeg {
  const quote: OptionQuote = type === 'CE' ? row.call : row.put;
  return {
    tradingsymbol: quote.tradingsymbol,
    type,
    strike: row.strike,
    side,
    lots: 1,
    price: quote.ltp,
    limit: quote.ltp,
    iv: quote.iv,
    delta: quote.delta,
    gamma: quote.gamma,
    theta: quote.theta,
    vega: quote.vega,
  };
}

/** +1 for a bought leg, −1 for a sold one. */
export function sign(side: LegSide): 1 | -1 {
  return side === 'BUY' ? 1 : -1;
}

export function units(leg: StrategyLeg, lotSize: number): number {
  return leg.lots * lotSize;
}

export interface NetGreeks {
  /** Rupees per point of the underlying. */
  delta: number;
  gamma: number;
  /** Rupees per calendar day. */
  theta: number;
  /** Rupees per volatility point. */
  vega: number;
}

/** The whole strategy's Greeks: each leg's per-unit Greek × signed units. */
export function netGreeks(legs: readonly StrategyLeg[], lotSize: number): NetGreeks {
  const total: NetGreeks = { delta: 0, gamma: 0, theta: 0, vega: 0 };
  for (const leg of legs) {
    const q = sign(leg.side) * units(leg, lotSize);
    total.delta += q * leg.delta;
    total.gamma += q * leg.gamma;
    total.theta += q * leg.theta;
    total.vega += q * leg.vega;
  }
  return total;
}

/** Premium paid (positive) or received (negative) for the whole strategy. */
export function netPremium(legs: readonly StrategyLeg[], lotSize: number): number {
  return legs.reduce((sum, leg) => sum + sign(leg.side) * leg.price * units(leg, lotSize), 0);
}

/** Whether a price is a positive multiple of the F&O tick, ₹0.05. */
export function onOptionTick(price: number): boolean {
  const paise = Math.round(price * 100);
  return price > 0 && Math.abs(price * 100 - paise) < 1e-6 && paise % 5 === 0;
}
