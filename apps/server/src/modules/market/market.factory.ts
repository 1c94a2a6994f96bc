import type { SessionMode } from '@nivesh/shared';
import type { AppConfig } from '../../config/env.js';
import { BundleInstrumentCatalog } from './instrument-catalog.js';
import { MarketBreaker } from './market-breaker.js';
import { SessionMarketClock } from './market-clock.js';
import { MarketService } from './market.service.js';
import { calibrate, type Calibration } from './simulator/calibration.js';
import { loadMarketBundle } from './simulator/market-bundle.js';
import { MarketSimulator } from './simulator/market-simulator.js';
import { SimulatedProvider } from './simulator/simulated-provider.js';
import { createRealProvider } from './providers/real-provider.factory.js';
import type { ProviderLogger } from './providers/fmp.provider.js';

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

/** The calibration of the bundle in `dataDir`: any simulator's over it, or a fresh one. */
export function calibrationOf(dataDir: string): Calibration {
  for (const [key, sim] of simulators) if (key.startsWith(`${dataDir}|`)) return sim.calibration;
  return calibrate(loadMarketBundle(dataDir));
}

export function createMarketService(
  config: AppConfig['market'] & { seed: string },
  now: () => number = Date.now,
  logger?: ProviderLogger,
): MarketService {
  // The bundle also defines the universe (catalog) for the real providers.
  const sim = getSimulator(config.dataDir, config.seed, config.session);
  const catalog = new BundleInstrumentCatalog(sim.instruments);
  const clock = new SessionMarketClock(config.session);
  if (config.provider === 'simulated') {
    // While a market-wide halt holds nothing trades: prices stay where trading stopped.
    const breaker = new MarketBreaker(sim);
    const priceNow = () => {
      const t = now();
      return breaker.at(t)?.haltedAtMs ?? t;
    };
    return new MarketService({
      provider: new SimulatedProvider(sim, priceNow),
      catalog,
      clock,
      now,
      breaker,
    });
  }
  const provider = createRealProvider(config.provider, {
    catalog,
    fmpKeys: config.fmpApiKeys,
    baseUrls: { yahoo: config.yahooBaseUrl, fmp: config.fmpBaseUrl },
    // Yahoo has no public Indian movers list; the NIFTY 50 is the universe it ranks.
    moversUniverse: sim.instruments.filter((i) => i.indices.includes('NIFTY50')).map((i) => i.symbol),
    logger,
  });
  return new MarketService({ provider, catalog, clock, now });
}
