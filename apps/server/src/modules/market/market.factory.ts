import type { SessionMode } from '@nivesh/shared';
import type { AppConfig } from '../../config/env.js';
import { BundleInstrumentCatalog } from './instrument-catalog.js';
import { SessionMarketClock } from './market-clock.js';
import { MarketService } from './market.service.js';
import { loadMarketBundle } from './simulator/market-bundle.js';
import { MarketSimulator } from './simulator/market-simulator.js';
import { SimulatedProvider } from './simulator/simulated-provider.js';

const simulators = new Map<string, MarketSimulator>();

/**
 * One simulator per (data, seed, session) and process: it is pure, so apps built in the same
 * process (tests, several Fastify instances) share it and its caches.
 */
export function getSimulator(dataDir: string, seed: string, session: SessionMode): MarketSimulator {
  const key = `${dataDir}|${seed}|${session}`;
  let sim = simulators.get(key);
  if (!sim) {
    sim = new MarketSimulator({ bundle: loadMarketBundle(dataDir), seed, session });
    simulators.set(key, sim);
  }
  return sim;
}

export function createMarketService(config: AppConfig['market'], now: () => number = Date.now): MarketService {
  const sim = getSimulator(config.dataDir, config.seed, config.session);
  const catalog = new BundleInstrumentCatalog(sim.instruments);
  const clock = new SessionMarketClock(config.session);
  if (config.provider !== 'simulated') {
    // The Yahoo and FMP providers live in ./providers and are wired here once they land.
    throw new Error(`MARKET_DATA_PROVIDER=${config.provider} is not available in this build; use simulated`);
  }
  return new MarketService({ provider: new SimulatedProvider(sim, now), catalog, clock, now });
}
