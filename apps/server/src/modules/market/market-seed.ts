import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { marketSeedRepository } from './market-seed.repository.js';

/**
 * The simulated market's seed when MARKET_SEED is unset. Every price is a pure function of (seed,
 * symbol, time), so a seed anyone can read would let them compute tomorrow's prices: a fresh install
 * draws a random one and stores it, so every instance on the same database (and every restart) trades
 * the same market. An install upgraded from before this existed has the old default recorded by its
 * migration and keeps its market. Instances starting together race on the insert; the one stored
 * wins and all of them read it back. The seed stays on the server: no route returns it.
 */
export async function resolveMarketSeed(db: Db): Promise<string> {
  await marketSeedRepository.insertIfAbsent(db, randomBytes(32).toString('base64url'));
  const seed = await marketSeedRepository.find(db);
  if (!seed) throw new Error('the market seed could not be stored');
  return seed;
}
