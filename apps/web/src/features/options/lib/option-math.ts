/**
 * The one door from this feature to the pricing and charges rules. Until h-opt-core's library lands
 * on this branch these are local stand-ins with the same names; they are replaced by re-exports.
 */
export const STAND_IN = true;

function normCdf(x: number): number {
  // Abramowitz–Stegun 7.1.26 erf, |error| < 1.5e-7.
  const t = 1 / (1 + 0.3275911 * (Math.abs(x) / Math.SQRT2));
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

export function black76({
  F,
  K,
  T,
  sigma,
  r,
  type,
}: {
  F: number;
  K: number;
  T: number;
  sigma: number;
  r: number;
  type: 'CE' | 'PE';
}): number {
  const df = Math.exp(-r * T);
  if (T <= 0 || sigma <= 0) return df * Math.max(0, type === 'CE' ? F - K : K - F);
  const s = sigma * Math.sqrt(T);
  const d1 = (Math.log(F / K) + (s * s) / 2) / s;
  const d2 = d1 - s;
  return type === 'CE'
    ? df * (F * normCdf(d1) - K * normCdf(d2))
    : df * (K * normCdf(-d2) - F * normCdf(-d1));
}

export const RISK_FREE = 0.0525;

/** Paise, round trip not included: one side of one order. */
export function foChargesTotalPaise(side: 'BUY' | 'SELL', valuePaise: number, _isoDay: string): number {
  const brokerage = 2000;
  const exchange = Math.round(valuePaise * 0.0003553);
  const sebi = Math.round(valuePaise * 1e-6);
  const stt = side === 'SELL' ? Math.round(valuePaise * 0.0015) : 0;
  const stamp = side === 'BUY' ? Math.round(valuePaise * 0.00003) : 0;
  const gst = Math.round((brokerage + exchange + sebi) * 0.18);
  return brokerage + exchange + sebi + stt + stamp + gst;
}
