/**
 * Black-76: European options on a future, the model NSE's own option calculators use for index
 * options. Inputs are the future price F, strike K, years T, volatility sigma (a fraction) and the
 * continuously compounded rate r used only to discount the payoff (e^{-rT}).
 */
import type { OptionType } from './options.schema.js';

export interface Black76Input {
  F: number;
  K: number;
  T: number;
  sigma: number;
  r: number;
  type: OptionType;
}

/**
 * Standard normal CDF by Hart's 1968 rational approximation as given by West (2005), "Better
 * approximations to cumulative normal functions": double-precision accurate (|error| < 1e-14),
 * well inside the 1e-7 a price on the 0.05 tick needs.
 */
export function normCdf(x: number): number {
  const a = Math.abs(x);
  let c: number;
  if (a > 37) c = 0;
  else {
    const e = Math.exp((-a * a) / 2);
    if (a < 7.07106781186547) {
      let n = 3.52624965998911e-2 * a + 0.700383064443688;
      n = n * a + 6.37396220353165;
      n = n * a + 33.912866078383;
      n = n * a + 112.079291497871;
      n = n * a + 221.213596169931;
      n = n * a + 220.206867912376;
      let d = 8.83883476483184e-2 * a + 1.75566716318264;
      d = d * a + 16.064177579207;
      d = d * a + 86.7807322029461;
      d = d * a + 296.564248779674;
      d = d * a + 637.333633378831;
      d = d * a + 793.826512519948;
      d = d * a + 440.413735824752;
      c = (e * n) / d;
    } else {
      let b = a + 0.65;
      b = a + 4 / b;
      b = a + 3 / b;
      b = a + 2 / b;
      b = a + 1 / b;
      c = e / b / 2.506628274631;
    }
  }
  return x > 0 ? 1 - c : c;
}

export function normPdf(x: number): number {
  return Math.exp((-x * x) / 2) / Math.sqrt(2 * Math.PI);
}

/** Below this σ√T the option is worth its discounted intrinsic value (avoids 0/0 at expiry). */
const MIN_STDEV = 1e-10;

function d1d2(F: number, K: number, stdev: number): [number, number] {
  const d1 = (Math.log(F / K) + (stdev * stdev) / 2) / stdev;
  return [d1, d1 - stdev];
}

/** Price per unit of the underlying, in the same currency as F and K. */
export function black76({ F, K, T, sigma, r, type }: Black76Input): number {
  const df = Math.exp(-r * T);
  const stdev = sigma * Math.sqrt(Math.max(T, 0));
  if (stdev < MIN_STDEV) return df * Math.max(0, type === 'CE' ? F - K : K - F);
  const [d1, d2] = d1d2(F, K, stdev);
  return type === 'CE'
    ? df * (F * normCdf(d1) - K * normCdf(d2))
    : df * (K * normCdf(-d2) - F * normCdf(-d1));
}

export interface Greeks {
  delta: number;
  gamma: number;
  /** Rupees per unit per calendar day (negative for a long option as time passes). */
  theta: number;
  /** Rupees per unit per one volatility point (0.01). */
  vega: number;
}

/**
 * Greeks of black76. Delta and gamma are with respect to the future F; pass the spot S to have
 * them converted to the spot (dF/dS = F/S under cost of carry), which is what a chain beside the
 * index shows. Theta holds F fixed and counts calendar days (365 a year).
 */
export function black76Greeks(input: Black76Input & { S?: number }): Greeks {
  const { F, K, T, sigma, r, type, S } = input;
  const df = Math.exp(-r * T);
  const sqrtT = Math.sqrt(Math.max(T, 0));
  const stdev = sigma * sqrtT;
  const toSpot = S !== undefined && S > 0 ? F / S : 1;
  if (stdev < MIN_STDEV) {
    const itm = type === 'CE' ? F > K : K > F;
    const delta = itm ? (type === 'CE' ? df : -df) : 0;
    return { delta: delta * toSpot, gamma: 0, theta: 0, vega: 0 };
  }
  const [d1] = d1d2(F, K, stdev);
  const pdf = normPdf(d1);
  const delta = type === 'CE' ? df * normCdf(d1) : -df * normCdf(-d1);
  const gamma = (df * pdf) / (F * stdev);
  const vegaPerUnitVol = df * F * pdf * sqrtT;
  const price = black76(input);
  // dV/dt = -dV/dT = rV − e^{-rT} F φ(d1) σ / (2√T), per year.
  const thetaYear = r * price - (df * F * pdf * sigma) / (2 * sqrtT);
  return {
    delta: delta * toSpot,
    gamma: gamma * toSpot * toSpot,
    theta: thetaYear / 365,
    vega: vegaPerUnitVol / 100,
  };
}

/** Volatility bounds the solver searches (0.5%–500%). */
const IV_LOW = 0.005;
const IV_HIGH = 5;

/**
 * The volatility at which black76 gives `price`, by bisection on [0.5%, 500%] (black76 is
 * increasing in σ, so bisection always converges); undefined when the price is outside what any
 * volatility in that range gives (below intrinsic, above the bound).
 */
export function impliedVol(
  price: number,
  { F, K, T, r, type }: Omit<Black76Input, 'sigma'>,
): number | undefined {
  if (!(price > 0) || !(T > 0)) return undefined;
  const at = (sigma: number) => black76({ F, K, T, sigma, r, type });
  let lo = IV_LOW;
  let hi = IV_HIGH;
  if (price < at(lo) - 1e-9 || price > at(hi) + 1e-9) return undefined;
  for (let i = 0; i < 100 && hi - lo > 1e-10; i += 1) {
    const mid = (lo + hi) / 2;
    if (at(mid) < price) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
