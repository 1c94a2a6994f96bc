import { circuitLimits, circuitLockRate, isTradingDay, roundToTick, type CircuitRule } from '@nivesh/shared';
import type { StockParams } from './calibration.js';
import {
  garchStep,
  MARKET_JUMP_RATE,
  MARKET_JUMP_SHARE,
  rareMove,
  STOCK_EVENT_RATE,
  STOCK_EVENT_SHARE,
  studentT,
  varianceLevel,
} from './daily-model.js';
import { normal, uniform } from './prng.js';
import type { DrawnLock, Series, SimState } from './sim-state.js';
import { US_MARKET_DAILY_VOL } from './us-stocks.js';

/** How much the market's variance ratio lifts the stocks' own variance (0: not at all, 1: fully). */
const MARKET_VOL_SPILLOVER = 0.5;
/** Days a year over which a class's lock episodes are spread: NSE sessions, or always-open calendar days. */
const LOCK_DAYS_PER_YEAR = { nse: 250, 'always-open': 365 } as const;
/**
 * A stock without a fixed band may close at most this many widenings from its previous close
 * (±20%): each needs a 15-minute cool-off at the edge, and real days beyond that are very rare.
 */
const MAX_DAY_WIDENINGS = 2;
/** A lock that does not hold into the close ends by this share of the session, leaving time to fade. */
const LOCK_FADE_BY = 0.9;

/**
 * The daily series: real bars up to the anchor, synthetic pasts walked back from a reference
 * price, and the simulated bars after the anchor (open, close, volume and lock episodes; highs
 * and lows are read later from the day paths), extended day by day in the same order on every instance.
 */
export class DailySeries {
  private readonly sectorShocks = new Map<number, Map<string, number>>();
  private lastSimDay: number;
  private marketG: number;
  /** Running excess of the market factor's realised variance over its long-run one (see varianceLevel). */
  private marketExcess = 0;

  constructor(private readonly st: SimState) {
    this.lastSimDay = st.anchorDay;
    this.marketG = st.calibration.market.garchState;
  }

  /**
   * The sector factors of a simulated day. In real data the sector residuals are measured against
   * the index, so their weighted sum over the index is zero; drawing them independently would add
   * sector noise to the simulated NIFTY 50 (about +12% volatility) and bend every beta. So the
   * draws are projected to have (almost) no net exposure in the NIFTY 50, as in the data, and
   * rescaled so each sector keeps its calibrated variance.
   */
  private sectorShock(symbol: string, day: number): number {
    let shocks = this.sectorShocks.get(day);
    if (!shocks) {
      shocks = new Map<string, number>();
      let num = 0;
      let den = 0;
      for (const [name, key] of this.st.sectorKeyByName) {
        const z = normal(key, day, 1, 0);
        const a = this.st.sectorExposure.get(name) ?? 0;
        shocks.set(name, z);
        num += a * z;
        den += a * a;
      }
      if (den > 0) {
        for (const [name, z] of shocks) {
          const a = this.st.sectorExposure.get(name) ?? 0;
          // The projection shrinks a heavy sector's variance by a²/Σa²; scale it back to 1.
          shocks.set(name, (z - (a * num) / den) / Math.sqrt(Math.max(0.25, 1 - (a * a) / den)));
        }
      }
      this.sectorShocks.set(day, shocks);
    }
    return shocks.get(this.st.bySymbol.get(symbol)?.sector ?? 'Other') ?? 0;
  }

  /**
   * Whether a fixed-band stock locks at a circuit on a simulated day, and when: a seeded draw at its
   * class's rate (CIRCUIT_LOCK_RATES), on the side the day is moving, starting anywhere in the
   * session and lasting an exponential share of it (a lock past the close holds into the close).
   */
  private drawLock(symbol: string, day: number, rule: CircuitRule, up: boolean): DrawnLock | null {
    const rate = circuitLockRate(rule.bandClass);
    if (!rate) return null;
    const key = this.st.keys.get(symbol)!;
    if (uniform(key, day, 40, 0) >= rate.episodesPerYear / LOCK_DAYS_PER_YEAR[this.st.session]) return null;
    const from = uniform(key, day, 41, 0);
    const to = from - rate.meanShareOfSession * Math.log(1 - uniform(key, day, 42, 0));
    return { side: up ? 'UPPER' : 'LOWER', from, to };
  }

  // Daily bars ------------------------------------------------------------------------------------

  /** The daily log return of a stock on a day: market + sector + own noise (US: US market + own). */
  private dailyReturn(symbol: string, day: number, realFactors: boolean): number {
    const key = this.st.keys.get(symbol)!;
    const us = this.st.usParams.get(symbol);
    if (us) {
      const marketPart = us.beta * US_MARKET_DAILY_VOL;
      const idio = Math.sqrt(Math.max(us.dailyVol ** 2 - marketPart ** 2, 0.25 * us.dailyVol ** 2));
      return marketPart * normal(this.st.usMarketKey, day, 1, 0) + idio * normal(key, day, 1, 0);
    }
    const p = this.st.calibration.params.get(symbol)!;
    const sector = this.st.bySymbol.get(symbol)?.sector ?? 'Other';
    const m =
      (realFactors ? this.st.calibration.marketReturns.get(day) : undefined) ??
      this.st.calibration.marketVol * normal(this.st.marketKey, day, 1, 0);
    const f =
      (realFactors ? this.st.calibration.sectorFactors.get(sector)?.get(day) : undefined) ??
      this.sectorShock(symbol, day);
    return p.beta * m + p.sectorLoading * f + p.idioVol * normal(key, day, 1, 0);
  }
  /**
   * One simulated day's close-to-close log return of a stock and its conditional σ, advancing the
   * stock's GARCH and targeting state. `mUnit` is the day's unit-variance market shock and `gm` the
   * market's variance ratio going into the day (GARCH's times its targeting level).
   */
  private simulatedReturn(
    symbol: string,
    day: number,
    mUnit: number,
    gm: number,
  ): { r: number; sigma: number; market: number; marketSigma: number } {
    const key = this.st.keys.get(symbol)!;
    const k = this.st.clockScale;
    const us = this.st.usParams.get(symbol);
    if (us) {
      const marketPart = us.beta * US_MARKET_DAILY_VOL;
      const idio = Math.sqrt(Math.max(us.dailyVol ** 2 - marketPart ** 2, 0.25 * us.dailyVol ** 2));
      return {
        r: k * (marketPart * normal(this.st.usMarketKey, day, 1, 0) + idio * normal(key, day, 1, 0)),
        sigma: k * us.dailyVol,
        market: 0,
        marketSigma: 0,
      };
    }
    const p = this.st.calibration.params.get(symbol)!;
    const st = this.st.dailyState.get(symbol)!;
    const lift = gm ** MARKET_VOL_SPILLOVER;
    const level = varianceLevel(st.excess);
    const gi = st.g * lift * level;
    const raw =
      Math.sqrt(st.g * lift * (1 - STOCK_EVENT_SHARE)) * studentT(p.tailNu, key, day, 30, 0) +
      rareMove(STOCK_EVENT_RATE, STOCK_EVENT_SHARE, key, day, 31);
    const own = Math.sqrt(level) * raw;
    st.g = garchStep(p.garch, st.g, raw / Math.sqrt(lift));
    // Measured with the market's lift: calm and stormy market days still swell the stock's own
    // moves, but the stock's long-run own variance stays the calibrated one (the lift's mean is
    // below 1 when the market's variance is uneven, which would otherwise shrink it).
    st.excess += own * own - 1;
    const mv = this.st.calibration.marketVol * this.st.marketLoading;
    // The larger market factor takes its extra variance out of the stock's own, keeping its σ.
    const idio = Math.sqrt(
      Math.max(
        0.25 * p.idioVol ** 2,
        p.idioVol ** 2 - (p.beta * this.st.calibration.marketVol) ** 2 * (this.st.marketLoading ** 2 - 1),
      ),
    );
    const market = k * p.beta * mv * mUnit;
    const r = market + k * (p.sectorLoading * Math.sqrt(gm) * this.sectorShock(symbol, day) + idio * own);
    const sigma = k * Math.sqrt(((p.beta * mv) ** 2 + p.sectorLoading ** 2) * gm + idio ** 2 * gi);
    return { r, sigma, market, marketSigma: k * Math.abs(p.beta) * mv * Math.sqrt(gm) };
  }

  /**
   * A simulated day's open, close and volume. Its high and low are not drawn: they are read from
   * the day's minute path when first needed (NaN until then). `day` carries the day's return `r`
   * (its market part `market`, of σ `marketSigma`), its conditional σ and the day's unit overnight
   * market shock.
   */
  private simulatedBar(
    symbol: string,
    d: { day: number; r: number; sigma: number; market: number; marketSigma: number; overnight: number },
    prevClose: number,
  ) {
    const { day, r, sigma } = d;
    const key = this.st.keys.get(symbol)!;
    const p = this.st.calibration.params.get(symbol);
    const us = this.st.usParams.get(symbol);
    const rule = this.st.circuitRuleOf(symbol, day);
    // A fixed band caps the day; a stock without one may close as far as its widenings reach.
    const dayLimits = rule && circuitLimits(rule, prevClose, rule.widening ? MAX_DAY_WIDENINGS : 0);
    const openLimits = rule && circuitLimits(rule, prevClose, 0);
    let close = dayLimits
      ? this.st.inside(prevClose * Math.exp(r), dayLimits)
      : this.st.band(symbol, prevClose * Math.exp(r), prevClose);
    const lock = rule && this.drawLock(symbol, day, rule, close >= prevClose);
    if (lock) {
      // The day's close stays the one drawn, so locks add no variance to the calibrated daily
      // returns: a lock fades back to it before the close, unless the day already moves more than
      // half the band, when it holds into the close and the day ends at the circuit.
      const edge = lock.side === 'UPPER' ? dayLimits!.upper : dayLimits!.lower;
      if (lock.to >= 1 && Math.abs(close - prevClose) >= 0.5 * Math.abs(edge - prevClose)) close = edge;
      else lock.to = Math.min(lock.to, LOCK_FADE_BY);
      this.st.locks.set(`${symbol}|${day}`, lock);
    }
    const rr = Math.log(close / prevClose);
    let open = prevClose;
    if (this.st.session !== 'always-open') {
      const surprise = studentT(4.5, key, day, 32, 0);
      const gap = p
        ? this.openingGap(p, rr, sigma, d.market, d.marketSigma, d.overnight, surprise)
        : // No calibration (US stocks): the overnight share of the move plus an own surprise.
          0.3 * rr + Math.sqrt(0.3 * 0.7) * sigma * surprise;
      open = openLimits
        ? this.st.inside(prevClose * Math.exp(gap), openLimits)
        : this.st.band(symbol, prevClose * Math.exp(gap), prevClose);
    }
    const st = this.st.dailyState.get(symbol)!;
    const phi = p?.volumePersistence ?? 0.5;
    const spread = p?.volumeSpread ?? 0.35;
    st.volume = phi * st.volume + spread * Math.sqrt(1 - phi * phi) * normal(key, day, 5, 0);
    const base = this.st.dailyVol(symbol) * this.st.clockScale;
    const typical = us?.typicalVolume ?? p?.typicalVolume ?? 0;
    // Volume rises with the day's volatility (which persists) and its move, around the typical day.
    const volume = Math.round(
      typical *
        Math.exp(st.volume - 0.5 * spread * spread) *
        Math.min(4, sigma / base) ** 0.8 *
        (0.6 + (0.4 * Math.abs(rr)) / sigma),
    );
    return { open, high: NaN, low: NaN, close, volume };
  }

  /**
   * A stock's opening gap (log): the market part of the day's move shows at the open in the
   * proportion the real NIFTY 50's does, the rest of the move in the proportion that leaves the
   * stock its real slope of gap on return, plus a market-wide overnight shock scaled by its beta
   * (sized so the index's gaps get the real index's surprise), plus its own surprise topping its
   * gap variance up to its real share of the day's. The close does not depend on either shock, so
   * the session takes them back: an index's gaps are mostly market-wide and partly reversed, as
   * real ones are, while each stock's close-to-close return, and its gap's variance and slope,
   * stay what they were calibrated to.
   */
  private openingGap(
    p: StockParams,
    rr: number,
    sigma: number,
    market: number,
    marketSigma: number,
    overnight: number,
    surprise: number,
  ): number {
    const { share, surprise: indexSurprise } = this.st.calibration.marketGap;
    const vm = Math.min(marketSigma ** 2, 0.95 * sigma * sigma);
    const rest = sigma * sigma - vm;
    // The stock's own slope: what its real slope leaves after the market part's (never negative).
    const ownShare = Math.min(1, Math.max(0, (p.gapBeta * sigma * sigma - share * vm) / rest));
    // β times the market factor's σ (marketSigma), times marketLoading: Σ weight·β over the
    // NIFTY 50 is 1/marketLoading², so the index's shock is `indexSurprise` times its own σ.
    const shock = Math.sign(p.beta) * indexSurprise * this.st.marketLoading * marketSigma;
    const own = p.gapShare * sigma * sigma - share * share * vm - ownShare * ownShare * rest - shock * shock;
    return (
      share * market + ownShare * (rr - market) + shock * overnight + Math.sqrt(Math.max(0, own)) * surprise
    );
  }

  /** A bar of a synthetic past (US stocks), drawn from the previous close and the day's return. */
  private pastBar(symbol: string, day: number, prevClose: number, r: number) {
    const key = this.st.keys.get(symbol)!;
    const vol = this.st.dailyVol(symbol);
    const p = this.st.calibration.params.get(symbol);
    const us = this.st.usParams.get(symbol);
    const close = this.st.band(symbol, prevClose * Math.exp(r), prevClose);
    const rr = Math.log(close / prevClose);
    // Continuous 24-hour days have no overnight, so no opening gap.
    const gapShare = this.st.session === 'always-open' ? 0 : (p?.gapShare ?? 0.3);
    const gap = gapShare * rr + Math.sqrt(gapShare * (1 - gapShare)) * vol * normal(key, day, 2, 0);
    const open = this.st.band(symbol, prevClose * Math.exp(gap), prevClose);
    const intraday = Math.abs(Math.log(close / open));
    const range = Math.max(
      intraday,
      (p?.rangeFactor ?? 1.6) * vol * Math.exp(0.35 * normal(key, day, 3, 0) - 0.06),
    );
    const split = uniform(key, day, 4, 0);
    const top = Math.max(open, close);
    const bottom = Math.min(open, close);
    const high = Math.max(top, this.st.band(symbol, top * Math.exp((range - intraday) * split), prevClose));
    const low = Math.min(
      bottom,
      this.st.band(symbol, bottom * Math.exp(-(range - intraday) * (1 - split)), prevClose),
    );
    const typical = us?.typicalVolume ?? p?.typicalVolume ?? 0;
    const volume = Math.round(
      typical * Math.exp(0.35 * normal(key, day, 5, 0) - 0.06) * (0.6 + (0.4 * Math.abs(rr)) / vol),
    );
    return { open, high, low, close, volume };
  }

  /** The series with its past built (stocks without history get theirs on first use). */
  seriesOf(symbol: string): Series | undefined {
    const s = this.st.series.get(symbol);
    if (s?.pendingPast) this.buildSyntheticPast(symbol, s);
    return s;
  }

  /** Walks backwards from the reference close on the anchor day over the real trading calendar. */
  private buildSyntheticPast(symbol: string, s: Series) {
    const rows: { day: number; open: number; high: number; low: number; close: number; volume: number }[] =
      [];
    let close = s.anchorClose;
    for (let i = this.st.calendar.length - 1; i >= 0; i -= 1) {
      const day = this.st.calendar[i]!;
      const r = Math.max(-0.18, Math.min(0.18, this.dailyReturn(symbol, day, true)));
      const prev = this.st.round(symbol, close / Math.exp(r));
      const bar = this.pastBar(symbol, day, prev, Math.log(close / prev));
      rows.push({ day, ...bar, close });
      close = prev;
    }
    rows.reverse();
    s.days.unshift(...rows.map((r) => r.day));
    s.open.unshift(...rows.map((r) => r.open));
    s.high.unshift(...rows.map((r) => r.high));
    s.low.unshift(...rows.map((r) => r.low));
    s.close.unshift(...rows.map((r) => r.close));
    s.volume.unshift(...rows.map((r) => r.volume));
    s.sigma.unshift(...rows.map(() => NaN));
    s.simFrom = rows.length;
    s.pendingPast = false;
  }

  /** Extends every series with simulated bars through `day` (a pure function of the seed: the same bars on every instance). */
  ensureThrough(day: number) {
    while (this.lastSimDay < day) {
      let d = this.lastSimDay + 1;
      while (!isTradingDay(this.st.session, d)) d += 1;
      if (d > day) {
        this.lastSimDay = day;
        break;
      }
      const mp = this.st.calibration.market;
      const level = varianceLevel(this.marketExcess);
      const raw =
        Math.sqrt(this.marketG * (1 - MARKET_JUMP_SHARE)) * studentT(mp.tailNu, this.st.marketKey, d, 30, 0) +
        rareMove(MARKET_JUMP_RATE, MARKET_JUMP_SHARE, this.st.marketKey, d, 31);
      // The day's market variance ratio: GARCH's times the slow targeting level.
      const gm = this.marketG * level;
      const mUnit = Math.sqrt(level) * raw;
      this.marketG = garchStep(mp.garch, this.marketG, raw);
      this.marketExcess += mUnit * mUnit - 1;
      // The day's market-wide overnight news (unit variance), which every stock's open shares.
      const overnight = studentT(4.5, this.st.marketKey, d, 32, 0);
      for (const inst of this.st.instruments) {
        if (inst.type === 'INDEX') continue;
        const s = this.st.series.get(inst.symbol)!;
        const prev = s.close.length ? s.close[s.close.length - 1]! : s.anchorClose;
        const ret = this.simulatedReturn(inst.symbol, d, mUnit, gm);
        this.push(s, d, this.simulatedBar(inst.symbol, { day: d, ...ret, overnight }, prev), ret.sigma);
      }
      for (const inst of this.st.instruments) if (inst.type === 'INDEX') this.stepIndex(inst.symbol, d);
      this.lastSimDay = d;
    }
  }

  private push(
    s: Series,
    day: number,
    bar: { open: number; high: number; low: number; close: number; volume: number },
    sigma = NaN,
  ) {
    s.sigma.push(sigma);
    s.days.push(day);
    s.open.push(bar.open);
    s.high.push(bar.high);
    s.low.push(bar.low);
    s.close.push(bar.close);
    s.volume.push(bar.volume);
  }

  private stepIndex(symbol: string, day: number) {
    const s = this.st.series.get(symbol);
    if (!s || s.days.length === 0) return;
    const prev = s.close[s.close.length - 1]!;
    let o = 0;
    let c = 0;
    for (const { symbol: member, weight } of this.st.indexMembers.get(symbol) ?? []) {
      const m = this.st.series.get(member)!;
      const k = m.days.length - 1;
      if (m.days[k] !== day || k < 1) continue;
      const pc = m.close[k - 1]!;
      o += weight * (m.open[k]! / pc - 1);
      c += weight * (m.close[k]! / pc - 1);
    }
    // High and low come from the index's minute path, itself made of its constituents' paths.
    this.push(s, day, {
      open: roundToTick(prev * (1 + o), 'INR', true),
      high: NaN,
      low: NaN,
      close: roundToTick(prev * (1 + c), 'INR', true),
      volume: 0,
    });
  }

  /** Index of the bar of `day`, or of the last bar before it when `orBefore`; -1 when none. */
  barIndex(symbol: string, day: number, orBefore = false): number {
    // Days after the anchor are in the series whether or not its synthetic past is built yet.
    const s = day > this.st.anchorDay ? this.st.series.get(symbol) : this.seriesOf(symbol);
    if (!s) return -1;
    let lo = 0;
    let hi = s.days.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (s.days[mid]! <= day) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (found < 0) return -1;
    return s.days[found] === day || orBefore ? found : -1;
  }
}
