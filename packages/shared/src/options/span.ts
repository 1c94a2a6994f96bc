import { black76 } from './black76.js';
import { rowInForce } from './contracts.js';
import { yearFraction } from './expiries.js';
import { parseTradingSymbol, type ParsedTradingSymbol } from './trading-symbol.js';
import { surfaceVol } from './vol-surface.js';

/**
 * A SPAN-like margin for index futures and options, with the parameters as dated data. It follows
 * the shape of NSE Clearing's SPAN (16 price/volatility scenarios, a short-option minimum, exposure
 * margin, +2% on short options expiring today, premium paid up front, no calendar-spread benefit on
 * expiry day) but computes its own scenario values from the simulated surface.
 */
export interface SpanParams {
  effectiveFrom: string;
  /** Price scan range = this many σ of the index over the margin horizon. */
  priceScanSigmas: number;
  /** Volatility scan: ± this many volatility points (absolute, 4 = 0.04). */
  volScanPoints: number;
  /** Short-option minimum, % of the underlying's notional per net short option unit. */
  shortOptionMinPct: number;
  /** Exposure margin (index derivatives), % of notional of futures and short options. */
  exposurePct: number;
  /** Extra exposure on short options expiring today (SEBI circular 2024/132). */
  expiryDayShortExtraPct: number;
  /** Extreme scenarios move the index by this multiple of the scan range ... */
  extremeMoveMultiple: number;
  /** ... and count this fraction of their loss. */
  extremeCoverFraction: number;
  /**
   * Trading days the σ of the scan covers. σ = VIX/100 × √(days/252): the simulated VIX scaled to a
   * 5-day horizon, a stand-in for NSE's margin period of risk plus its EWMA conservatism.
   */
  scanHorizonDays: number;
  /** Floor on the price scan range, % of the index, so a calm VIX never margins below it. */
  minPriceScanPct: number;
  source: string;
  note: string;
}

/**
 * Check against 2026 broker margins: a NIFTY future at VIX 14 gets a scan of max(3 × 14% ×
 * √(5/252) = 5.9%, 7%) = 7% plus 2% exposure = 9% of notional (₹1.40 L on a ₹15.6 L lot); at VIX 20,
 * 8.45% + 2% = 10.45%. Brokers showed about 8–11% for a NIFTY future lot in 2025–26.
 */
export const SPAN_PARAMS: readonly SpanParams[] = [
  {
    effectiveFrom: '2024-11-20',
    priceScanSigmas: 3,
    volScanPoints: 4,
    shortOptionMinPct: 3,
    exposurePct: 2,
    expiryDayShortExtraPct: 2,
    extremeMoveMultiple: 2,
    extremeCoverFraction: 0.35,
    scanHorizonDays: 5,
    minPriceScanPct: 7,
    source:
      'Index SPAN: 3σ price scan, 4% volatility scan, 3% short-option minimum, 2% index exposure (investorq, msei.in, webnotes summaries); +2% ELM on short options on expiry day and no calendar-spread benefit on expiry day (SEBI/HO/MRD/TPD-1/P/CIR/2024/132)',
    note: "approximates NSE Clearing's SPAN files; not NSE's published parameters",
  },
];

export function spanParamsOn(isoDay: string): SpanParams {
  return rowInForce(SPAN_PARAMS, isoDay);
}

export interface SpanLeg {
  tradingsymbol: string;
  /** Signed units: negative is short. */
  quantity: number;
  /** Premium per unit paid or received; the model value when absent. */
  price?: number;
}

export interface SpanMarket {
  spot: number;
  vix: number;
  nowMs: number;
  r: number;
  q: number;
}

/** Every figure in integer paise, as plain numbers (safe well past any position size). */
export interface SpanResult {
  span: number;
  exposure: number;
  premium: number;
  total: number;
  /** 1-based, NSE's numbering (1–14 price/vol, 15–16 extremes). */
  worstScenario: number;
}

interface Scenario {
  move: number;
  volSign: number;
  cover: number;
}

/** NSE's 16 scenarios: moves in units of the scan range, vol up (+1) / down (−1), cover fraction. */
export function spanScenarios(params: SpanParams): Scenario[] {
  const out: Scenario[] = [];
  for (const move of [0, 1 / 3, -1 / 3, 2 / 3, -2 / 3, 1, -1]) {
    out.push({ move, volSign: 1, cover: 1 }, { move, volSign: -1, cover: 1 });
  }
  out.push({ move: params.extremeMoveMultiple, volSign: 0, cover: params.extremeCoverFraction });
  out.push({ move: -params.extremeMoveMultiple, volSign: 0, cover: params.extremeCoverFraction });
  return out;
}

/** The price scan range as a fraction of the index. */
export function priceScanFraction(params: SpanParams, vix: number): number {
  const sigma = (vix / 100) * Math.sqrt(params.scanHorizonDays / 252);
  return Math.max(params.minPriceScanPct / 100, params.priceScanSigmas * sigma);
}

interface ParsedLeg extends SpanLeg {
  contract: ParsedTradingSymbol;
}

/** Model value per unit of a leg with the index at `spot` and volatility shifted by `volShift`. */
function legValue(leg: ParsedLeg, spot: number, volShift: number, m: SpanMarket, base: SpanMarket): number {
  const T = yearFraction(m.nowMs, leg.contract.expiry);
  const F = spot * Math.exp((m.r - m.q) * T);
  if (leg.contract.kind === 'FUT') return F;
  const K = leg.contract.strike!;
  const sigma = Math.max(0.01, surfaceVol({ atmVol: base.vix / 100, F, K, T }) + volShift);
  return black76({ F, K, T, sigma, r: m.r, type: leg.contract.kind });
}

/** Scan risk of one set of legs netted together: the worst scenario loss in rupees and its index. */
function scanRisk(legs: ParsedLeg[], m: SpanMarket, p: SpanParams): { loss: number; scenario: number } {
  const range = priceScanFraction(p, m.vix) * m.spot;
  const base = legs.map((leg) => legValue(leg, m.spot, 0, m, m));
  let worst = { loss: 0, scenario: 1 };
  spanScenarios(p).forEach((s, i) => {
    const spot = m.spot + s.move * range;
    const pnl = legs.reduce(
      (sum, leg, j) =>
        sum + leg.quantity * (legValue(leg, spot, (s.volSign * p.volScanPoints) / 100, m, m) - base[j]!),
      0,
    );
    const loss = -pnl * s.cover;
    if (loss > worst.loss + 1e-9) worst = { loss, scenario: i + 1 };
  });
  return worst;
}

/**
 * Short-option minimum in rupees: pct × index × the greater of net short call units and net short
 * put units (SPAN counts the larger side; a long option of the same type hedges a short one).
 */
function shortOptionMinimum(legs: ParsedLeg[], m: SpanMarket, p: SpanParams): number {
  const net = (type: 'CE' | 'PE') =>
    Math.max(0, -legs.filter((l) => l.contract.kind === type).reduce((s, l) => s + l.quantity, 0));
  return (p.shortOptionMinPct / 100) * m.spot * Math.max(net('CE'), net('PE'));
}

/**
 * SPAN of one netted set, in rupees. A set of bought options only can lose no more than their
 * value, which is paid up front as premium, so its span is 0. In a set with shorts or futures the
 * longs' gains are already netted inside each scenario; no further credit for their value (a
 * conservative simplification of SPAN's net option value).
 */
function setSpan(
  legs: ParsedLeg[],
  m: SpanMarket,
  p: SpanParams,
): { span: number; scenario: number; loss: number } {
  const risk = scanRisk(legs, m, p);
  const longOptionsOnly = legs.every((l) => l.contract.kind !== 'FUT' && l.quantity > 0);
  const span = longOptionsOnly ? 0 : Math.max(risk.loss, shortOptionMinimum(legs, m, p));
  return { span, scenario: risk.scenario, loss: risk.loss };
}

/**
 * Margin for a set of legs. Legs expiring today form their own set, margined apart from the rest
 * and the two summed (no calendar-spread benefit on expiry day); the other legs net together.
 * Exposure: exposurePct of futures notional (futures price) and of short options' notional (index),
 * plus expiryDayShortExtraPct on short options expiring today. Premium: bought options' price × units.
 */
export function spanMargin(args: { legs: SpanLeg[]; market: SpanMarket; todayIsoDay: string }): SpanResult {
  const { market: m, todayIsoDay } = args;
  const p = spanParamsOn(todayIsoDay);
  const legs: ParsedLeg[] = args.legs.map((leg) => {
    const contract = parseTradingSymbol(leg.tradingsymbol);
    if (!contract) throw new RangeError(`Not a listed contract: ${leg.tradingsymbol}`);
    return { ...leg, contract };
  });
  const expiring = legs.filter((l) => l.contract.expiry === todayIsoDay);
  const later = legs.filter((l) => l.contract.expiry !== todayIsoDay);
  const sets = [expiring, later].filter((s) => s.length > 0).map((s) => setSpan(s, m, p));
  const span = sets.reduce((s, x) => s + x.span, 0);
  const worst = sets.reduce((a, b) => (b.loss > a.loss ? b : a), { span: 0, scenario: 1, loss: -1 });

  let exposure = 0;
  let premium = 0;
  for (const leg of legs) {
    const units = Math.abs(leg.quantity);
    if (leg.contract.kind === 'FUT') {
      exposure += (p.exposurePct / 100) * units * (leg.price ?? legValue(leg, m.spot, 0, m, m));
    } else if (leg.quantity < 0) {
      const extra = leg.contract.expiry === todayIsoDay ? p.expiryDayShortExtraPct : 0;
      exposure += ((p.exposurePct + extra) / 100) * units * m.spot;
    } else {
      premium += units * (leg.price ?? legValue(leg, m.spot, 0, m, m));
    }
  }
  const toPaise = (rupees: number) => Math.round(rupees * 100);
  const result = { span: toPaise(span), exposure: toPaise(exposure), premium: toPaise(premium) };
  return { ...result, total: result.span + result.exposure + result.premium, worstScenario: worst.scenario };
}
