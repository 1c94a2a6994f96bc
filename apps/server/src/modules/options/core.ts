/**
 * The pricing and margin library the Options Lab server uses, behind one import. h-opt-core is
 * writing the real one in packages/shared/src/options; until it lands this file carries a minimal
 * stand-in with the same names (same inputs and meanings), so the server could be built and tested
 * meanwhile. Swap each function for the shared one as it lands (this file then only re-exports).
 */
import type { DerivativeKind, ExpiryKind, OptionType, Underlying } from '@nivesh/shared';

export interface ContractRow {
  underlying: Underlying;
  lotSize: number;
  strikeStep: number;
  weekly: boolean;
  expiryWeekday: number;
  indexSymbol: 'NIFTY50' | 'NIFTYBANK';
}

const CONTRACTS: Record<Underlying, ContractRow> = {
  NIFTY: {
    underlying: 'NIFTY',
    lotSize: 65,
    strikeStep: 50,
    weekly: true,
    expiryWeekday: 2,
    indexSymbol: 'NIFTY50',
  },
  BANKNIFTY: {
    underlying: 'BANKNIFTY',
    lotSize: 30,
    strikeStep: 100,
    weekly: false,
    expiryWeekday: 2,
    indexSymbol: 'NIFTYBANK',
  },
};

export const contractOn = (underlying: Underlying, _isoDay: string): ContractRow => CONTRACTS[underlying];

/** Assumed rates (RBI repo and NIFTY dividend yield, approximations). */
export const RATES = { r: 0.055, q: 0.012 };

const DAY_MS = 86_400_000;
const IST_MS = 5.5 * 3_600_000;
export const istDay = (ms: number) => new Date(ms + IST_MS).toISOString().slice(0, 10);
const dayMs = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** 15:30 IST of an IST day, in epoch ms. */
export const closeMs = (isoDay: string) => dayMs(isoDay) + 10 * 3_600_000;

export function lastWeekdayOfMonth(year: number, month: number, weekday: number): string {
  const last = Date.UTC(year, month, 0);
  const back = (new Date(last).getUTCDay() - weekday + 7) % 7;
  return isoOf(last - back * DAY_MS);
}

function monthlies(underlying: Underlying, today: string, n: number): string[] {
  const row = contractOn(underlying, today);
  const out: string[] = [];
  let y = Number(today.slice(0, 4));
  let m = Number(today.slice(5, 7));
  while (out.length < n) {
    const d = lastWeekdayOfMonth(y, m, row.expiryWeekday);
    if (d >= today) out.push(d);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

export function listExpiries(
  underlying: Underlying,
  today: string,
  opts: { weeks?: number; months?: number } = {},
): { date: string; kind: ExpiryKind }[] {
  const row = contractOn(underlying, today);
  const months = monthlies(underlying, today, opts.months ?? 3);
  const all = new Map<string, ExpiryKind>(months.map((d) => [d, 'monthly']));
  if (row.weekly) {
    let t = dayMs(today);
    t += ((row.expiryWeekday - new Date(t).getUTCDay() + 7) % 7) * DAY_MS;
    for (let i = 0; i < (opts.weeks ?? 6); i += 1, t += 7 * DAY_MS) {
      const d = isoOf(t);
      const [yy, mm] = [Number(d.slice(0, 4)), Number(d.slice(5, 7))];
      all.set(d, lastWeekdayOfMonth(yy, mm, row.expiryWeekday) === d ? 'monthly' : 'weekly');
    }
  }
  return [...all].map(([date, kind]) => ({ date, kind })).sort((a, b) => a.date.localeCompare(b.date));
}

export const futureExpiries = (underlying: Underlying, today: string) => monthlies(underlying, today, 3);

export const daysBetween = (a: string, b: string) => Math.round((dayMs(b) - dayMs(a)) / DAY_MS);

export function yearFraction(nowMs: number, expiry: string): number {
  return Math.max((closeMs(expiry) - nowMs) / (365 * DAY_MS), 1 / (365 * 24 * 60));
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEK_CODES = '123456789OND';

export function optionSymbol(o: {
  underlying: Underlying;
  expiry: string;
  expiryKind: ExpiryKind;
  strike: number;
  type: OptionType;
}): string {
  const yy = o.expiry.slice(2, 4);
  const m = Number(o.expiry.slice(5, 7));
  const when = o.expiryKind === 'monthly' ? MONTHS[m - 1] : `${WEEK_CODES[m - 1]}${o.expiry.slice(8, 10)}`;
  return `${o.underlying}${yy}${when}${o.strike}${o.type}`;
}

export const futureSymbol = (underlying: Underlying, expiry: string) =>
  `${underlying}${expiry.slice(2, 4)}${MONTHS[Number(expiry.slice(5, 7)) - 1]}FUT`;

export interface ParsedSymbol {
  underlying: Underlying;
  kind: DerivativeKind;
  strike: number | null;
  expiry: string;
  expiryKind: ExpiryKind;
}

export function parseTradingSymbol(s: string): ParsedSymbol | undefined {
  const m = /^(BANKNIFTY|NIFTY)(\d{2})(?:([A-Z]{3})|([1-9OND])(\d{2}))(?:(\d+)(CE|PE)|FUT)$/.exec(s);
  if (!m) return undefined;
  const underlying = m[1] as Underlying;
  const year = 2000 + Number(m[2]);
  const row = contractOn(underlying, `${year}-01-01`);
  let expiry: string;
  let expiryKind: ExpiryKind;
  if (m[3]) {
    const month = MONTHS.indexOf(m[3]) + 1;
    if (month === 0) return undefined;
    expiry = lastWeekdayOfMonth(year, month, row.expiryWeekday);
    expiryKind = 'monthly';
  } else {
    if (!row.weekly || m[6] === undefined) return undefined;
    const month = WEEK_CODES.indexOf(m[4]!) + 1;
    expiry = `${year}-${String(month).padStart(2, '0')}-${m[5]}`;
    const t = dayMs(expiry);
    if (Number.isNaN(t) || isoOf(t) !== expiry || new Date(t).getUTCDay() !== row.expiryWeekday)
      return undefined;
    if (lastWeekdayOfMonth(year, month, row.expiryWeekday) === expiry) return undefined;
    expiryKind = 'weekly';
  }
  if (m[6] === undefined) return { underlying, kind: 'FUT', strike: null, expiry, expiryKind: 'monthly' };
  const strike = Number(m[6]);
  if (strike <= 0 || strike % row.strikeStep !== 0) return undefined;
  return { underlying, kind: m[7] as OptionType, strike, expiry, expiryKind };
}

// Normal CDF (Abramowitz–Stegun 7.1.26 via erf; |error| < 1.5e-7).
function ncdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-z * z);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}
const npdf = (x: number) => Math.exp((-x * x) / 2) / Math.sqrt(2 * Math.PI);

export function black76(o: { F: number; K: number; T: number; sigma: number; r: number; type: OptionType }) {
  const sd = o.sigma * Math.sqrt(o.T);
  const d1 = (Math.log(o.F / o.K) + (sd * sd) / 2) / sd;
  const d2 = d1 - sd;
  const df = Math.exp(-o.r * o.T);
  return o.type === 'CE' ? df * (o.F * ncdf(d1) - o.K * ncdf(d2)) : df * (o.K * ncdf(-d2) - o.F * ncdf(-d1));
}

const tick = (x: number) => Math.max(0.05, Math.round(x * 20) / 20);

export function futurePrice(spot: number, nowMs: number, expiry: string, r = RATES.r, q = RATES.q) {
  return Math.round(spot * Math.exp((r - q) * yearFraction(nowMs, expiry)) * 20) / 20;
}

export function priceOption(o: {
  underlying: Underlying;
  type: OptionType;
  strike: number;
  expiry: string;
  spot: number;
  vix: number;
  nowMs: number;
  r?: number;
  q?: number;
}) {
  const r = o.r ?? RATES.r;
  const T = yearFraction(o.nowMs, o.expiry);
  const F = o.spot * Math.exp((r - (o.q ?? RATES.q)) * T);
  const m = Math.log(o.strike / F);
  const sigma = (o.vix / 100) * (1 - 0.8 * m + 2 * m * m);
  const mid = black76({ F, K: o.strike, T, sigma, r, type: o.type });
  const ltp = tick(mid);
  const half = Math.max(0.05, Math.round(ltp * 0.005 * 20) / 20);
  const sd = sigma * Math.sqrt(T);
  const d1 = (Math.log(F / o.strike) + (sd * sd) / 2) / sd;
  const df = Math.exp(-r * T);
  return {
    ltp,
    bid: Math.max(0.05, tick(ltp - half)),
    ask: tick(ltp + half),
    iv: Math.round(sigma * 10_000) / 100,
    delta: df * (o.type === 'CE' ? ncdf(d1) : ncdf(d1) - 1),
    gamma: (df * npdf(d1)) / (F * sd),
    theta: -(F * df * npdf(d1) * sigma) / (2 * Math.sqrt(T)) / 365,
    vega: (F * df * npdf(d1) * Math.sqrt(T)) / 100,
  };
}

export const intrinsicValue = (type: OptionType, strike: number, settle: number) =>
  Math.max(0, type === 'CE' ? settle - strike : strike - settle);

export function vixFromIndexPath(closes: number[], _key: number): number[] {
  const out: number[] = [];
  let v = 14;
  for (let i = 0; i < closes.length; i += 1) {
    const ret = i === 0 ? 0 : Math.log(closes[i]! / closes[i - 1]!);
    v = Math.min(60, Math.max(9, v + 0.1 * (14 - v) - 150 * ret));
    out.push(Math.round(v * 100) / 100);
  }
  return out;
}

export const intradayVix = (prev: number, ret: number) => Math.min(60, Math.max(9, prev * (1 - 8 * ret)));

export interface MarketInputs {
  spot: number;
  vix: number;
  nowMs: number;
  r: number;
  q: number;
}

/** Margin in paise (integers as numbers), see packages/shared's span.ts for the real parameters. */
export function spanMargin(o: {
  legs: { tradingsymbol: string; quantity: number; price?: number }[];
  market: Record<Underlying, MarketInputs> | MarketInputs;
  todayIsoDay: string;
}): { span: number; exposure: number; premium: number; total: number; worstScenario: number } {
  const marketFor = (u: Underlying): MarketInputs =>
    'spot' in o.market ? (o.market as MarketInputs) : (o.market as Record<Underlying, MarketInputs>)[u];
  const legs = o.legs.map((l) => ({ ...l, p: parseTradingSymbol(l.tradingsymbol)! }));
  const value = (l: (typeof legs)[number], spot: number, vix: number, m: MarketInputs) =>
    l.p.kind === 'FUT'
      ? futurePrice(spot, m.nowMs, l.p.expiry, m.r, m.q)
      : priceOption({
          underlying: l.p.underlying,
          type: l.p.kind,
          strike: l.p.strike!,
          expiry: l.p.expiry,
          spot,
          vix,
          nowMs: m.nowMs,
          r: m.r,
          q: m.q,
        }).ltp;
  let worst = 0;
  let worstScenario = 1;
  const steps = [0, 1 / 3, -1 / 3, 2 / 3, -2 / 3, 1, -1];
  let n = 0;
  for (const s of steps)
    for (const dv of [4, -4]) {
      n += 1;
      let loss = 0;
      for (const l of legs) {
        const m = marketFor(l.p.underlying);
        const range = m.spot * Math.max(0.06, (3 * m.vix) / 100 / Math.sqrt(365 / 2));
        const now = value(l, m.spot, m.vix, m);
        const then = value(l, m.spot + s * range, Math.max(1, m.vix + dv), m);
        loss -= (then - now) * l.quantity;
      }
      if (loss > worst) {
        worst = loss;
        worstScenario = n;
      }
    }
  let shortMin = 0;
  let exposure = 0;
  let premium = 0;
  for (const l of legs) {
    const m = marketFor(l.p.underlying);
    const notional = m.spot * Math.abs(l.quantity);
    if (l.p.kind === 'FUT') exposure += 0.02 * notional;
    else if (l.quantity < 0) {
      shortMin += 0.03 * notional;
      exposure += 0.02 * notional + (l.p.expiry === o.todayIsoDay ? 0.02 * notional : 0);
    } else premium += (l.price ?? value(l, m.spot, m.vix, m)) * l.quantity;
  }
  // A bought option can lose at most its premium, which is paid in cash: the scenario loss beyond
  // the long premium is what needs margin (the net option value credit, as in SPAN).
  const span = Math.round(Math.max(worst - premium, shortMin, 0) * 100);
  const exp = Math.round(exposure * 100);
  const prem = Math.round(premium * 100);
  return { span, exposure: exp, premium: prem, total: span + exp + prem, worstScenario };
}

export interface FoFees {
  brokerage: bigint;
  stt: bigint;
  exchange: bigint;
  gst: bigint;
  sebi: bigint;
  stampDuty: bigint;
  total: bigint;
}

const pct = (v: bigint, ppm: bigint) => (v * ppm + 500_000n) / 1_000_000n;

export function foCharges(o: {
  kind: 'option' | 'future';
  side: 'BUY' | 'SELL';
  valuePaise: bigint;
  isoDay: string;
}): FoFees {
  const v = o.valuePaise;
  const option = o.kind === 'option';
  const brokerage = option ? 2000n : pct(v, 300n) < 2000n ? pct(v, 300n) : 2000n;
  const stt = o.side === 'SELL' ? pct(v, option ? 1500n : 500n) : 0n;
  const exchange = (v * (option ? 35_530n : 1_830n) + 50_000_000n) / 100_000_000n;
  const sebi = (v + 5_000_000n) / 10_000_000n;
  const gst = pct(brokerage + exchange + sebi, 180_000n);
  const stampDuty = o.side === 'BUY' ? pct(v, option ? 30n : 20n) : 0n;
  return {
    brokerage,
    stt,
    exchange,
    gst,
    sebi,
    stampDuty,
    total: brokerage + stt + exchange + gst + sebi + stampDuty,
  };
}

export const exerciseStt = (intrinsicPaise: bigint, _isoDay: string) => pct(intrinsicPaise, 1500n);
