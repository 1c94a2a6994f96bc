import { getSimulator } from '../../src/modules/market/market.factory.js';
import { testConfig } from './test-app.js';

/** The simulator the test apps trade on (same data, seed and session), to read its path ahead. */
export function testMarket(session = testConfig().market.session) {
  const config = testConfig();
  const sim = getSimulator(config.market.dataDir, config.market.seed!, session);
  const priceAt = (symbol: string, ms: number) => sim.snapshot(symbol, ms)!.price;

  /** From `fromMs`, second by second on the app's own path: when the price first passes, and when it is first back. */
  function crossAndBack(symbol: string, fromMs: number, through: (price: number) => boolean) {
    let t = fromMs;
    while (!through(priceAt(symbol, t))) t += 1000;
    const crossed = t;
    while (through(priceAt(symbol, t))) t += 1000;
    return { crossed, back: t };
  }
  return { sim, priceAt, crossAndBack };
}
