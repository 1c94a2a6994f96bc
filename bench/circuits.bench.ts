// `npm run bench:circuits -w @nivesh/bench`: the circuit-limit lines of the realism report alone
// (a simulated year of every band class in both clocks; see circuit-report.ts).
import { defaultMarketDataDir } from '../apps/server/src/paths.js';
import { loadMarketBundle } from '../apps/server/src/modules/market/simulator/market-bundle.js';
import { circuitReport } from './circuit-report.js';

const started = performance.now();
const report = circuitReport(
  loadMarketBundle(defaultMarketDataDir),
  process.env.REALISM_SEED || 'realism-report',
);
console.log('Circuit limits, a simulated year of every band class:');
for (const line of report.lines) console.log(line);
console.log(
  `${report.outside} prices outside limits of ${report.prices.toLocaleString('en-IN')} checked (${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
