// The Options Lab realism report (issue 28): printed, not asserted. One simulated year of NIFTY 50
// from the server's own simulator (fixed seed, NSE clock), a simulated India VIX on that path, and
// for every trading day the chains of the nearest weekly and monthly expiries priced at 10:00 IST.
// Lines: put-call parity against the spread, strike-arbitrage violations, the VIX–index daily
// correlation, and the ATM straddle against the move that followed to expiry.
import {
  buildChain,
  dayNumberToDate,
  dividendYieldOn,
  forwardPrice,
  listExpiries,
  riskFreeRateOn,
  sessionBounds,
  vixFromIndexPath,
  yearFraction,
  type OptionChain,
} from '@nivesh/shared';
import { defaultMarketDataDir } from '../apps/server/src/paths.js';
import { loadMarketBundle } from '../apps/server/src/modules/market/simulator/market-bundle.js';
import { MarketSimulator } from '../apps/server/src/modules/market/simulator/market-simulator.js';

const SEED = process.env.OPTIONS_SEED || 'options-realism';
const VIX_KEY = 2026;
const paise = (rupees: number) => Math.round(rupees * 100);

const bundle = loadMarketBundle(defaultMarketDataDir);
const anchor = bundle.anchorDay;
const lastDay = anchor + 366;
const sim = new MarketSimulator({ bundle, seed: SEED, session: 'nse' });
sim.snapshot('NIFTY50', sessionBounds('nse', lastDay).closeMs - 1000);
const series = sim.dailySeries('NIFTY50', false)!;
const idx = series.days.map((d, i) => [d, i] as const).filter(([d]) => d > anchor - 1 && d <= lastDay);
const days = idx.map(([d]) => d);
const closes = idx.map(([, i]) => series.close[i]!);
const vix = vixFromIndexPath(closes, VIX_KEY);
const closeOn = new Map(days.map((d, i) => [dayNumberToDate(d), closes[i]!]));

function corr(a: number[], b: number[]): number {
  const ma = a.reduce((s, x) => s + x, 0) / a.length;
  const mb = b.reduce((s, x) => s + x, 0) / b.length;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < a.length; i += 1) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return num / Math.sqrt(da * db);
}

/** Strike-arbitrage violations of one chain: monotone (ltp, bid, ask) and convex (ltp, 2 ticks). */
function arbitrageViolations(chain: OptionChain): number {
  let n = 0;
  const rows = chain.strikes;
  for (let i = 1; i < rows.length; i += 1) {
    for (const f of ['ltp', 'bid', 'ask'] as const) {
      if (paise(rows[i]!.call[f]) > paise(rows[i - 1]!.call[f])) n += 1;
      if (paise(rows[i]!.put[f]) < paise(rows[i - 1]!.put[f])) n += 1;
    }
  }
  for (let i = 1; i + 1 < rows.length; i += 1) {
    for (const side of ['call', 'put'] as const) {
      const c = (j: number) => paise(rows[j]![side].ltp);
      if (c(i - 1) - 2 * c(i) + c(i + 1) < -10) n += 1;
    }
  }
  return n;
}

let chains = 0;
let strikes = 0;
let violations = 0;
let maxParityExcess = -Infinity;
let maxParityDev = 0;
const straddleRatios: number[] = [];
let straddleSum = 0;
let moveSum = 0;

days.forEach((day, i) => {
  const today = dayNumberToDate(day);
  const nowMs = sessionBounds('nse', day).openMs + 45 * 60_000; // 10:00 IST
  const spot = closes[i]!;
  const list = listExpiries('NIFTY', today, { weeks: 1, months: 1 });
  for (const e of list) {
    const chain = buildChain({
      underlying: 'NIFTY',
      spot,
      vix: vix[i]!,
      nowMs,
      expiry: e.date,
      expiryKind: e.kind,
      strikesEachSide: 30,
    });
    chains += 1;
    strikes += chain.strikes.length;
    violations += arbitrageViolations(chain);
    const r = riskFreeRateOn(today);
    const T = yearFraction(nowMs, e.date);
    const F = forwardPrice(spot, T, r, dividendYieldOn(today));
    for (const row of chain.strikes) {
      const dev = Math.abs(row.call.ltp - row.put.ltp - Math.exp(-r * T) * (F - row.strike));
      const allowed = (row.call.ask - row.call.bid + row.put.ask - row.put.bid) / 2 + 0.1;
      maxParityDev = Math.max(maxParityDev, dev);
      maxParityExcess = Math.max(maxParityExcess, dev - allowed);
    }
    const settle = closeOn.get(e.date);
    if (e === list[0] && settle !== undefined && e.date > today) {
      const atm = chain.strikes.find((s) => s.strike === chain.atmStrike)!;
      const straddle = atm.call.ltp + atm.put.ltp;
      const move = Math.abs(settle - chain.atmStrike);
      straddleSum += straddle;
      moveSum += move;
      straddleRatios.push(straddle / Math.max(move, 1));
    }
  }
});

const rets = closes.slice(1).map((c, i) => Math.log(c / closes[i]!));
const vixChanges = vix.slice(1).map((v, i) => Math.log(v / vix[i]!));
const line = (label: string, value: string) => console.log(`${label.padEnd(44)} ${value}`);
console.log(
  `Options realism — seed ${SEED}, NIFTY 50 from the simulator, ${days.length} trading days, ${chains} chains, ${strikes} strikes`,
);
line(
  'put-call parity: max |C−P−e^{-rT}(F−K)|',
  `${maxParityDev.toFixed(2)} (max excess over half-spread+0.10: ${maxParityExcess.toFixed(2)}; ≤ 0 = within)`,
);
line('no-arbitrage across strikes: violations', String(violations));
line('VIX vs index daily return: correlation', `${corr(rets, vixChanges).toFixed(3)} (negative expected)`);
line(
  'VIX range over the year',
  `${Math.min(...vix).toFixed(2)}–${Math.max(...vix).toFixed(2)}, mean ${(vix.reduce((s, v) => s + v, 0) / vix.length).toFixed(2)}`,
);
line(
  'ATM straddle vs move to expiry (nearest)',
  `mean straddle ${(straddleSum / straddleRatios.length).toFixed(1)} vs mean |move| ${(moveSum / straddleRatios.length).toFixed(1)} → ratio ${(straddleSum / moveSum).toFixed(2)} over ${straddleRatios.length} days (above 1: implied above realised)`,
);
