import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Instrument } from '@nivesh/shared';
import { splitCsvLine } from '../../lib/csv.js';
import { defaultMarketDataDir } from '../../paths.js';

/** The bundled instrument list, as the market catalog serves it, for the grammar's unit tests. */
export function bundledInstruments(): Instrument[] {
  const [header, ...lines] = readFileSync(path.join(defaultMarketDataDir, 'instruments.csv'), 'utf8')
    .split('\n')
    .filter(Boolean);
  const cols = splitCsvLine(header!);
  return lines.map((line) => {
    const f = Object.fromEntries(splitCsvLine(line).map((v, i) => [cols[i]!, v]));
    return {
      symbol: f.symbol!,
      name: f.name!,
      exchange: f.exchange as Instrument['exchange'],
      currency: f.currency as Instrument['currency'],
      type: f.type as Instrument['type'],
      sector: f.sector || null,
      industry: f.industry || null,
      isin: f.isin || null,
      bseCode: f.bseCode || null,
    };
  });
}
