/**
 * The pricing library the Options Lab server uses, behind one import: h-opt-core's pure functions
 * in packages/shared (contracts, expiries, trading symbols, Black-76, VIX, chain, SPAN-like margin,
 * F&O charges), plus the few server helpers below.
 */
import {
  dividendYieldOn,
  expiryCloseMs,
  riskFreeRateOn,
  type ParsedTradingSymbol,
  type SpanMarket,
} from '@nivesh/shared';

export {
  buildChain,
  contractOn,
  daysBetween,
  exerciseStt,
  foCharges,
  futureExpiries,
  futurePrice,
  futureSymbol,
  intradayVix,
  intrinsicValue,
  listExpiries,
  optionSymbol,
  parseTradingSymbol,
  priceOption,
  spanMargin,
  vixFromIndexPath,
} from '@nivesh/shared';
export type ParsedSymbol = ParsedTradingSymbol;

const IST_MS = 5.5 * 3_600_000;
/** The IST calendar day of an instant. */
export const istDay = (ms: number) => new Date(ms + IST_MS).toISOString().slice(0, 10);
/** 15:30 IST of an expiry day, in epoch ms. */
export const closeMs = expiryCloseMs;
/** The dated rates in force on an IST day. */
export const ratesOn = (isoDay: string) => ({ r: riskFreeRateOn(isoDay), q: dividendYieldOn(isoDay) });

/** One underlying's market as the margin and the prices read it. */
export type MarketInputs = SpanMarket;
