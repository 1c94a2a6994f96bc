import { parseSymbolInput, type Instrument } from '@nivesh/shared';
import type { InstrumentCatalog } from './market-provider.js';

/** The bundled universe, looked up by canonical symbol, BSE code or index alias. */
export class BundleInstrumentCatalog implements InstrumentCatalog {
  private readonly bySymbol = new Map<string, Instrument>();
  private readonly byBseCode = new Map<string, Instrument>();
  private readonly list: Instrument[];

  constructor(instruments: readonly Instrument[]) {
    this.list = instruments.map((i) => ({
      symbol: i.symbol,
      name: i.name,
      exchange: i.exchange,
      currency: i.currency,
      type: i.type,
      sector: i.sector,
      industry: i.industry,
      isin: i.isin,
      bseCode: i.bseCode,
    }));
    for (const i of this.list) {
      this.bySymbol.set(i.symbol, i);
      if (i.bseCode) this.byBseCode.set(i.bseCode, i);
    }
  }

  resolve(input: string): Instrument | undefined {
    const parsed = parseSymbolInput(input);
    if (!parsed) return undefined;
    if (parsed.kind === 'index') return this.bySymbol.get(parsed.symbol);
    if (parsed.kind === 'bse-code') return this.byBseCode.get(parsed.code);
    const found = this.bySymbol.get(parsed.ticker);
    // .NS and .BO name Indian listings; a US ticker with an Indian suffix is not one.
    if (found && parsed.suffix && found.currency !== 'INR') return undefined;
    return found;
  }

  all(): readonly Instrument[] {
    return this.list;
  }
}
