/**
 * The simulated implied-volatility surface: one ATM level from the simulated India VIX, a term
 * structure, and a smile in standardised moneyness. Every parameter is a named constant with why;
 * the chain property test (chain.property.test.ts) checks that the rounded chain built on this
 * surface has no strike arbitrage.
 */

/** Years in the VIX's horizon: India VIX is a 30-calendar-day implied volatility. */
export const VIX_HORIZON_YEARS = 30 / 365;
/** Long-run ATM volatility the term structure bends towards (India VIX's long-run level ~14). */
export const LONG_RUN_VOL = 0.14;
/**
 * Mean-reversion speed of variance per year in the term structure. Rule: short expiries sit a
 * little further from the long-run level than the 30-day VIX (above it when VIX is high — an
 * inverted curve in a sell-off — below it when VIX is low), long expiries closer to it; with
 * κ = 4 a 1-day expiry is ~5% further out than the 30-day point and a 90-day one ~10% nearer.
 */
export const TERM_KAPPA = 4;
/**
 * Put skew: vol rises ~SKEW of the ATM level per standard deviation of downside moneyness (index
 * puts are dearer than equally far calls: crash insurance). 0.12 gives a 25-delta put a couple of
 * vol points over the ATM at VIX 14, close to NIFTY's usual risk reversal.
 */
export const SKEW = 0.12;
/** Smile curvature: both wings lift by ~CURVATURE × ATM per unit of |x| far out. */
export const CURVATURE = 0.08;
/**
 * Standardised moneyness saturates smoothly at ±X_SATURATION (tanh), so far wings flatten rather
 * than grow without bound (Lee's moment bound: total variance at most linear in log-strike).
 */
export const X_SATURATION = 3;

function termFactor(T: number): number {
  const g = (t: number) => (t <= 1e-9 ? 1 : (1 - Math.exp(-TERM_KAPPA * t)) / (TERM_KAPPA * t));
  return g(T) / g(VIX_HORIZON_YEARS);
}

/** The ATM vol at expiry T implied by a 30-day ATM vol (VIX/100). */
export function atmVolForExpiry(atmVol: number, T: number): number {
  return LONG_RUN_VOL + (atmVol - LONG_RUN_VOL) * termFactor(T);
}

/**
 * Volatility (a fraction) for strike K on future F at T years, given the 30-day ATM vol `atmVol`
 * (VIX/100). The smile is a function of x = ln(K/F)/(σ_atm√T), so its shape in standard deviations
 * is the same at every expiry; that makes the no-arbitrage check scale-free in T.
 */
export function surfaceVol({ atmVol, F, K, T }: { atmVol: number; F: number; K: number; T: number }): number {
  const atm = atmVolForExpiry(atmVol, T);
  const raw = Math.log(K / F) / (atm * Math.sqrt(Math.max(T, 1e-9)));
  const x = X_SATURATION * Math.tanh(raw / X_SATURATION);
  const smile = 1 - SKEW * Math.tanh(x) + CURVATURE * (Math.sqrt(1 + x * x) - 1);
  return atm * smile;
}
