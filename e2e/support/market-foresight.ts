import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { computeFees, isOnTick, STARTING_BALANCE_PAISE, tickSize } from '@nivesh/shared';
import { loadMarketBundle } from '../../apps/server/src/modules/market/simulator/market-bundle.js';
import { MarketSimulator } from '../../apps/server/src/modules/market/simulator/market-simulator.js';

/**
 * The e2e server trades a simulated market with this seed and clock (set by the global setup). Every
 * simulated price is a pure function of (seed, symbol, time), so a test holding the same seed and
 * bundle knows where each stock will trade in the next minutes, and can pick an order that is sure to
 * rest first and fill later — instead of waiting on a random walk and hoping.
 */
export const E2E_MARKET_SEED = 'nivesh-e2e-market';
export const E2E_MARKET_SESSION = 'always-open';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
let simulator: MarketSimulator | undefined;

function market(): MarketSimulator {
  simulator ??= new MarketSimulator({
    bundle: loadMarketBundle(path.join(repoRoot, 'apps/server/data/market')),
    seed: E2E_MARKET_SEED,
    session: E2E_MARKET_SESSION,
  });
  return simulator;
}

export interface ForeseenLimitBuy {
  symbol: string;
  /** The limit, in rupees, on the tick grid. */
  limit: number;
  /** When the market first trades at or below the limit (ms since epoch). */
  crossesAt: number;
}

/**
 * A NIFTY 50 stock and a buy limit that no tick reaches for the next `restSeconds` (so the order rests
 * when placed within that time) and that the market reaches before `withinSeconds` — the earliest such
 * crossing among the candidates. One share at the limit, with its fees, must fit in `cashPaise` (a new
 * account's cash by default): the order form refuses a buy the account cannot pay for.
 */
export function foreseeLimitBuy(
  restSeconds: number,
  withinSeconds: number,
  nowMs = Date.now(),
  cashPaise = STARTING_BALANCE_PAISE,
): ForeseenLimitBuy {
  const sim = market();
  const candidates = sim.instruments.filter((i) => i.type !== 'INDEX' && i.indices.includes('NIFTY50'));
  let best: ForeseenLimitBuy | undefined;
  for (const { symbol } of candidates) {
    let low = Infinity;
    for (let t = nowMs; t <= nowMs + restSeconds * 1000; t += 1000) {
      const snap = sim.snapshot(symbol, t);
      if (!snap?.open) {
        low = Infinity;
        break;
      }
      low = Math.min(low, snap.price);
    }
    if (!Number.isFinite(low)) continue;
    const limit = Math.round((low - tickSize(low)) * 100) / 100;
    if (!isOnTick(limit)) continue;
    const paise = Math.round(limit * 100);
    if (BigInt(paise) + computeFees('BUY', BigInt(paise)).total > cashPaise) continue;
    // The whole rest window (from now) stays above the limit; the crossing comes after it.
    if (sim.firstTickPast(symbol, nowMs - 1000, nowMs + restSeconds * 1000, 'lte', paise)) continue;
    const cross = sim.firstTickPast(
      symbol,
      nowMs + restSeconds * 1000,
      nowMs + withinSeconds * 1000,
      'lte',
      paise,
    );
    if (cross && (!best || cross.ms < best.crossesAt)) best = { symbol, limit, crossesAt: cross.ms };
  }
  if (!best)
    throw new Error(`no NIFTY 50 stock falls below its next ${restSeconds} s low within ${withinSeconds} s`);
  return best;
}

/**
 * A NIFTY 50 stock (RELIANCE when it qualifies) whose price will differ from its current price at
 * every 5-second mark of the next `seconds`, so a screen showing it live must show a change.
 */
export function foreseeMovingStock(seconds: number, nowMs = Date.now()): string {
  const sim = market();
  const candidates = sim.instruments.filter((i) => i.type !== 'INDEX' && i.indices.includes('NIFTY50'));
  candidates.sort((a, b) => Number(b.symbol === 'RELIANCE') - Number(a.symbol === 'RELIANCE'));
  for (const { symbol } of candidates) {
    const now = sim.snapshot(symbol, nowMs);
    if (!now?.open) continue;
    let moves = true;
    for (let t = nowMs + 5_000; t <= nowMs + seconds * 1000 && moves; t += 5_000)
      moves = sim.snapshot(symbol, t)?.price !== now.price;
    if (moves) return symbol;
  }
  throw new Error(`no NIFTY 50 stock keeps away from its current price for the next ${seconds} s`);
}
