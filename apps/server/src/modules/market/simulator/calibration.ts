import {
  fitGarch,
  garchStep,
  STOCK_EVENT_RATE,
  STOCK_EVENT_SHARE,
  MARKET_JUMP_RATE,
  MARKET_JUMP_SHARE,
  ownKurtosis,
  tailNu,
  type GarchParams,
} from './daily-model.js';
import type { DailyBars, MarketBundle } from './market-bundle.js';

/**
 * Per-stock parameters of the daily model:
 *
 *   r = beta·m + loading·F_sector + idioVol·e      (daily log returns)
 *
 * m is the NIFTY 50's daily log return; F_sector is the mean residual (r − beta·m) of the other
 * members of the stock's sector that have history (leave-one-out, so a stock does not explain
 * itself), scaled to unit variance; e is the stock's own noise. Returns beyond ±20% are left out:
 * in this data they are corporate actions (demergers, an unadjusted bonus), not market moves, and
 * the app's band forbids them anyway. Stocks without history take their sector's average
 * parameters (or the whole market's when no stock of their sector has history).
 *
 * The long-run σ and β blend two windows: the whole real history (the long-run regime) and its
 * last year (the current one). Betas move with regimes (the mean beta of these stocks was 0.82 in
 * 2021 and 1.16 in 2025), so a level fitted on either window alone sits far from the other one;
 * the blend keeps the simulation close to both (for σ, see longRunSigma). The split of the non-market variance between
 * sector and own noise, opening gaps, ranges and volumes are measured on the last
 * CALIBRATION_DAYS rows; volatility memory and tails on the whole history.
 */
export const CALIBRATION_DAYS = 500;
/** The recent window of the σ/β blend, in calendar days before the last real day. */
export const RECENT_WINDOW_DAYS = 365;
/** The σ aims to be within ±SIGMA_TOLERANCE of both windows' σ (see longRunSigma). */
export const SIGMA_TOLERANCE = 0.15;
/**
 * Beyond this ratio between the two windows' σ, the stock is taken to have changed regime and its
 * σ follows the last year (see longRunSigma).
 */
export const REGIME_CHANGE_RATIO = 1.4;
const MAX_ABS_RETURN = Math.log(1.2);

export interface StockParams {
  beta: number;
  /** Loading on the unit-variance sector factor. */
  sectorLoading: number;
  idioVol: number;
  /** Standard deviation of daily log returns (what the model reproduces). */
  dailyVol: number;
  /** Share of the daily variance that happens overnight (open vs previous close). */
  gapShare: number;
  /** Slope of the overnight gap on the day's return (cov(gap, r) / var(r)): how much of the day's move the open already shows. */
  gapBeta: number;
  /** Mean of ln(high/low) divided by dailyVol. */
  rangeFactor: number;
  /** Median daily volume (shares) of the last 60 rows. */
  typicalVolume: number;
  /** Mean daily traded value (close × volume) of the last 250 rows: the index weight proxy. */
  tradedValue: number;
  calibrated: boolean;
  /** Volatility memory of the stock's own (non-market) moves, fitted on its whole real history. */
  garch: GarchParams;
  /** Its variance ratio (conditional / long-run) after the last real day: where the simulation starts. */
  garchState: number;
  /** Degrees of freedom of its Student-t shocks. */
  tailNu: number;
  /**
   * True for a recent listing whose history is too short to fit volatility memory and tails: it
   * borrows its sector's (median) values for those, while σ and β stay its own.
   */
  tailsFromSector: boolean;
  /** Day-to-day persistence (AR(1)) and spread of the log volume not explained by volatility. */
  volumePersistence: number;
  volumeSpread: number;
}

export interface Calibration {
  marketVol: number;
  /** Real NIFTY 50 log return by day, used as the market factor on real days. */
  marketReturns: Map<number, number>;
  /** Real unit-variance sector factor by sector and day. */
  sectorFactors: Map<string, Map<number, number>>;
  params: Map<string, StockParams>;
  /** The market factor's volatility memory and tails (fitted on the NIFTY 50). */
  market: { garch: GarchParams; garchState: number; tailNu: number };
  /** The NIFTY 50's opening gaps, measured on its last CALIBRATION_DAYS rows (see marketGapOf). */
  marketGap: MarketGap;
}

/**
 * How the real NIFTY 50 opens: gap = share·r + surprise·σ·z, where r is the day's close-to-close
 * log return, σ its standard deviation and z a unit shock unrelated to r. `share` is the slope of
 * the gap on r; `surprise` is the σ of the rest of the gap as a share of σ. The close does not
 * depend on z, so the session takes that part of the gap back. Real gaps are largely market-wide:
 * the index's gaps carry about half its daily variance while its members' carry about a quarter
 * of theirs.
 */
export interface MarketGap {
  share: number;
  surprise: number;
}

/** Gap slope and surprise of an index series over its last `rows` daily rows (see MarketGap). */
export function marketGapOf(bars: DailyBars, rows = CALIBRATION_DAYS): MarketGap {
  const r: number[] = [];
  const g: number[] = [];
  for (let i = Math.max(1, bars.days.length - rows); i < bars.days.length; i += 1) {
    if (bars.days[i]! - bars.days[i - 1]! > 7) continue;
    r.push(Math.log(bars.close[i]! / bars.close[i - 1]!));
    g.push(Math.log(bars.open[i]! / bars.close[i - 1]!));
  }
  const v = cov(r, r);
  if (r.length < 60 || v <= 0) return { share: 0.3, surprise: 0 };
  const share = Math.min(0.9, Math.max(0, cov(g, r) / v));
  return { share, surprise: Math.sqrt(Math.max(0, cov(g, g) / v - share * share)) };
}

/** Below this many real daily returns, a stock's volatility memory and tails come from its sector. */
export const MIN_TAIL_HISTORY = 250;

const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);
function cov(a: number[], b: number[]) {
  const ma = mean(a);
  const mb = mean(b);
  let s = 0;
  for (let i = 0; i < a.length; i += 1) s += (a[i]! - ma) * (b[i]! - mb);
  return a.length > 1 ? s / (a.length - 1) : 0;
}
const median = (xs: number[]) => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
};

/**
 * The long-run σ from the whole history's σ and the last year's. When one σ can be within
 * ±SIGMA_TOLERANCE of both (their ratio is at most 1.15/0.85), it is the middle of that overlap in
 * log terms, √(0.85·1.15·σ_all·σ_last): it leaves the most room on both sides for the sampling
 * spread of a few simulated years' σ (the plain geometric mean sits up to 1.1% above it, at the
 * very edge of the overlap when the windows differ most). When no σ fits both (about 8% of the
 * stocks, nearly all calmer in the last year than before), a σ between them fits neither, so it
 * takes one window's centre: the last year's when they differ by more than REGIME_CHANGE_RATIO (a
 * regime change that a year's sampling error does not explain), the whole history's otherwise.
 */
export function longRunSigma(all: number, last: number): number {
  const centre = Math.sqrt((1 - SIGMA_TOLERANCE) * (1 + SIGMA_TOLERANCE));
  const ratio = Math.max(all, last) / Math.min(all, last);
  if (ratio <= (1 + SIGMA_TOLERANCE) / (1 - SIGMA_TOLERANCE)) return centre * Math.sqrt(all * last);
  return centre * (ratio > REGIME_CHANGE_RATIO ? last : all);
}

/**
 * The variance of x (see longRunSigma) and the beta of x on y, each from the whole window and its
 * days after `recentFrom` (the whole window alone when the recent part is too short to measure);
 * the beta is the mean of the two windows' betas.
 */
function blendedMoments(days: number[], x: number[], y: number[], recentFrom: number) {
  // Days ascend: the recent window is a tail of the arrays.
  let from = days.length;
  while (from > 0 && days[from - 1]! > recentFrom) from -= 1;
  const all = { xx: cov(x, x), xy: cov(x, y), yy: cov(y, y) };
  if (days.length - from < 120) return { xx: all.xx, betaOf: all.xy / all.yy };
  const rx = x.slice(from);
  const ry = y.slice(from);
  const last = { xx: cov(rx, rx), xy: cov(rx, ry), yy: cov(ry, ry) };
  return {
    xx: longRunSigma(Math.sqrt(all.xx), Math.sqrt(last.xx)) ** 2,
    betaOf: (all.xy / all.yy + last.xy / last.yy) / 2,
  };
}

interface Obs {
  day: number;
  r: number;
  gap: number;
  range: number;
  m: number;
}

function observations(bars: DailyBars, closeByDay: Map<number, number>): Obs[] {
  const out: Obs[] = [];
  for (let i = 1; i < bars.days.length; i += 1) {
    const day = bars.days[i]!;
    const prevDay = bars.days[i - 1]!;
    if (day - prevDay > 7) continue;
    const r = Math.log(bars.close[i]! / bars.close[i - 1]!);
    if (Math.abs(r) > MAX_ABS_RETURN) continue;
    const mNow = closeByDay.get(day);
    const mPrev = closeByDay.get(prevDay);
    if (mNow === undefined || mPrev === undefined) continue;
    out.push({
      day,
      r,
      gap: Math.log(bars.open[i]! / bars.close[i - 1]!),
      range: Math.log(bars.high[i]! / bars.low[i]!),
      m: Math.log(mNow / mPrev),
    });
  }
  return out;
}

const calibrated = new WeakMap<MarketBundle, Calibration>();

/** A pure function of the bundle, so each loaded bundle is calibrated once per process. */
export function calibrate(bundle: MarketBundle): Calibration {
  const known = calibrated.get(bundle);
  if (known) return known;
  const result = measure(bundle);
  calibrated.set(bundle, result);
  return result;
}

/** Sector sums of residuals by day (for the leave-one-out sector factor), and each sector's unit factor. */
function sectorSums(resid: Map<string, Map<number, number>>, sectorOf: Map<string, string>) {
  const sums = new Map<string, Map<number, { sum: number; n: number }>>();
  for (const [symbol, byDay] of resid) {
    const sector = sectorOf.get(symbol)!;
    const m = sums.get(sector) ?? new Map<number, { sum: number; n: number }>();
    sums.set(sector, m);
    for (const [day, e] of byDay) {
      const cell = m.get(day) ?? { sum: 0, n: 0 };
      cell.sum += e;
      cell.n += 1;
      m.set(day, cell);
    }
  }
  const sectorFactors = new Map<string, Map<number, number>>();
  for (const [sector, byDay] of sums) {
    const raw = [...byDay.entries()].filter(([, c]) => c.n >= 2).map(([d, c]) => [d, c.sum / c.n] as const);
    const sd = Math.sqrt(
      cov(
        raw.map(([, v]) => v),
        raw.map(([, v]) => v),
      ),
    );
    if (raw.length > 40 && sd > 0) sectorFactors.set(sector, new Map(raw.map(([d, v]) => [d, v / sd])));
  }
  return { sums, sectorFactors };
}

/** Recent listings: the sector's median memory and tails, their own residuals filtered through them. */
function borrowSectorTails(
  params: Map<string, StockParams>,
  sectorOf: Map<string, string>,
  tails: Map<string, { resid: number[] }>,
): void {
  const medianOf = (list: StockParams[], f: (p: StockParams) => number) => median(list.map(f));
  for (const [symbol, p] of params) {
    if (!p.tailsFromSector) continue;
    const peers = [...params.entries()]
      .filter(([sym, q]) => sectorOf.get(sym) === sectorOf.get(symbol) && !q.tailsFromSector)
      .map(([, q]) => q);
    const pool = peers.length >= 3 ? peers : [...params.values()].filter((q) => !q.tailsFromSector);
    p.garch = { a: medianOf(pool, (q) => q.garch.a), b: medianOf(pool, (q) => q.garch.b) };
    p.tailNu = medianOf(pool, (q) => q.tailNu);
    const e = tails.get(symbol)!.resid;
    const sd = Math.sqrt(cov(e, e)) || 1;
    let g = 1;
    for (const v of e) g = garchStep(p.garch, g, v / sd);
    p.garchState = g;
  }
}

/** The average parameters of `list`, for stocks without history (their sector's, or everyone's). */
function average(list: StockParams[]): StockParams {
  const avg = (k: keyof StockParams) => mean(list.map((p) => p[k] as number));
  return {
    beta: avg('beta'),
    sectorLoading: avg('sectorLoading'),
    idioVol: avg('idioVol'),
    dailyVol: 0,
    gapShare: avg('gapShare'),
    gapBeta: avg('gapBeta'),
    rangeFactor: avg('rangeFactor'),
    typicalVolume: 0,
    tradedValue: median(list.map((p) => p.tradedValue)),
    calibrated: false,
    garch: { a: median(list.map((p) => p.garch.a)), b: median(list.map((p) => p.garch.b)) },
    garchState: 1,
    tailNu: median(list.map((p) => p.tailNu)),
    tailsFromSector: true,
    volumePersistence: median(list.map((p) => p.volumePersistence)),
    volumeSpread: median(list.map((p) => p.volumeSpread)),
  };
}

function measure(bundle: MarketBundle): Calibration {
  const nifty = bundle.daily.get('NIFTY50');
  if (!nifty) throw new Error('the market bundle has no NIFTY50 series');
  const closeByDay = new Map(nifty.days.map((d, i) => [d, nifty.close[i]!]));
  const marketReturns = new Map<number, number>();
  for (let i = 1; i < nifty.days.length; i += 1)
    marketReturns.set(nifty.days[i]!, Math.log(nifty.close[i]! / nifty.close[i - 1]!));
  const recentFrom = bundle.anchorDay - RECENT_WINDOW_DAYS;
  const marketDays = [...marketReturns.keys()];
  const marketRets = [...marketReturns.values()];
  const marketVol = Math.sqrt(blendedMoments(marketDays, marketRets, marketRets, recentFrom).xx);

  const stocks = bundle.instruments.filter((i) => i.type === 'EQUITY' && i.currency === 'INR');
  const obs = new Map<string, Obs[]>();
  const betas = new Map<string, number>();
  const resid = new Map<string, Map<number, number>>();
  for (const s of stocks) {
    const bars = bundle.daily.get(s.symbol);
    if (!bars || bars.days.length < 60) continue;
    const o = observations(bars, closeByDay);
    if (o.length < 40) continue;
    const beta = blendedMoments(
      o.map((x) => x.day),
      o.map((x) => x.r),
      o.map((x) => x.m),
      recentFrom,
    ).betaOf;
    obs.set(s.symbol, o);
    betas.set(s.symbol, beta);
    // The sector structure is measured on the last CALIBRATION_DAYS rows.
    resid.set(s.symbol, new Map(o.slice(-CALIBRATION_DAYS).map((x) => [x.day, x.r - beta * x.m])));
  }

  // Volatility memory and tails: fitted on each stock's whole history of market-free returns.
  const tails = new Map<string, { fit: ReturnType<typeof fitGarch>; n: number; resid: number[] }>();
  for (const [symbol, beta] of betas) {
    const e = obs.get(symbol)!.map((x) => x.r - beta * x.m);
    tails.set(symbol, { fit: fitGarch(e), n: e.length, resid: e });
  }
  const marketFit = fitGarch([...marketReturns.values()].filter((r) => Math.abs(r) < MAX_ABS_RETURN));
  const market = {
    garch: { a: marketFit.a, b: marketFit.b },
    garchState: marketFit.state,
    tailNu: tailNu(ownKurtosis(marketFit.residualKurtosis, 1), MARKET_JUMP_RATE, MARKET_JUMP_SHARE),
  };

  const sectorOf = new Map(stocks.map((s) => [s.symbol, s.sector ?? 'Other']));
  // Sector sums of residuals by day, for the leave-one-out sector factor.
  const { sums, sectorFactors } = sectorSums(resid, sectorOf);

  const params = new Map<string, StockParams>();
  for (const [symbol, all] of obs) {
    const o = all.slice(-CALIBRATION_DAYS);
    const bars = bundle.daily.get(symbol)!;
    const beta = betas.get(symbol)!;
    const e = resid.get(symbol)!;
    const sector = sums.get(sectorOf.get(symbol)!)!;
    const x: number[] = [];
    const f: number[] = [];
    for (const [day, v] of e) {
      const cell = sector.get(day);
      if (!cell || cell.n < 3) continue;
      x.push(v);
      f.push((cell.sum - v) / (cell.n - 1));
    }
    const rs = all.map((v) => v.r);
    const dailyVol = Math.sqrt(
      blendedMoments(
        all.map((v) => v.day),
        rs,
        rs,
        recentFrom,
      ).xx,
    );
    // What the market leaves of the blended variance, split between the sector and the stock's
    // own noise in the proportion measured on the recent rows.
    const residRecent = cov([...e.values()], [...e.values()]);
    const residVar = Math.max(dailyVol ** 2 - (beta * marketVol) ** 2, 0.1 * dailyVol ** 2);
    const fSd = Math.sqrt(cov(f, f));
    const loadingRecent = x.length > 40 && fSd > 0 ? Math.max(0, cov(x, f) / fSd) : 0;
    const sectorLoading = residRecent > 0 ? loadingRecent * Math.sqrt(residVar / residRecent) : 0;
    const idioVol = Math.sqrt(Math.max(residVar - sectorLoading ** 2, 0.09 * residVar));
    const gaps = o.map((v) => v.gap);
    const rsRecent = o.map((v) => v.r);
    const last60 = bars.volume.slice(-60);
    const last250 = bars.days.length - Math.min(250, bars.days.length);
    let traded = 0;
    for (let i = last250; i < bars.days.length; i += 1) traded += bars.close[i]! * bars.volume[i]!;
    const tail = tails.get(symbol)!;
    const logVolume = bars.volume
      .slice(-CALIBRATION_DAYS)
      .filter((v) => v > 0)
      .map((v) => Math.log(v));
    const lv0 = logVolume.slice(0, -1);
    const lv1 = logVolume.slice(1);
    const lvSd = Math.sqrt(cov(logVolume, logVolume));
    const lvAcf = lvSd > 0 && lv0.length > 20 ? cov(lv0, lv1) / (lvSd * lvSd) : 0.5;
    params.set(symbol, {
      beta,
      sectorLoading,
      idioVol,
      dailyVol,
      gapShare: Math.min(0.8, Math.max(0.05, cov(gaps, gaps) / (dailyVol * dailyVol))),
      gapBeta: Math.min(0.8, Math.max(0, cov(gaps, rsRecent) / cov(rsRecent, rsRecent))),
      rangeFactor: mean(o.map((v) => v.range)) / dailyVol,
      typicalVolume: median(last60),
      tradedValue: traded / (bars.days.length - last250),
      calibrated: true,
      garch: { a: tail.fit.a, b: tail.fit.b },
      garchState: tail.fit.state,
      tailNu: tailNu(
        ownKurtosis(tail.fit.residualKurtosis, idioVol ** 2 / (idioVol ** 2 + sectorLoading ** 2)),
        STOCK_EVENT_RATE,
        STOCK_EVENT_SHARE,
      ),
      tailsFromSector: tail.n < MIN_TAIL_HISTORY,
      // Part of the real persistence comes from volatility clustering, which the model adds on its own.
      volumePersistence: Math.min(0.85, Math.max(0.2, 0.85 * lvAcf)),
      volumeSpread: Math.min(0.8, Math.max(0.2, 0.75 * lvSd)),
    });
  }

  borrowSectorTails(params, sectorOf, tails);

  // Stocks without history: their sector's average, else the market's.
  const everyone = average([...params.values()]);
  const bySector = new Map<string, StockParams>();
  for (const sector of new Set(stocks.map((s) => s.sector ?? 'Other'))) {
    const members = [...params.entries()].filter(([sym]) => sectorOf.get(sym) === sector).map(([, p]) => p);
    bySector.set(sector, members.length ? average(members) : everyone);
  }
  for (const s of stocks) {
    if (params.has(s.symbol)) continue;
    const p = { ...bySector.get(s.sector ?? 'Other')! };
    if (!sectorFactors.has(s.sector ?? 'Other')) {
      // No sector factor to load on: keep the variance in the stock's own noise.
      p.idioVol = Math.sqrt(p.idioVol ** 2 + p.sectorLoading ** 2);
      p.sectorLoading = 0;
    }
    p.dailyVol = Math.sqrt((p.beta * marketVol) ** 2 + p.sectorLoading ** 2 + p.idioVol ** 2);
    params.set(s.symbol, p);
  }
  return { marketVol, marketReturns, sectorFactors, params, market, marketGap: marketGapOf(nifty) };
}
