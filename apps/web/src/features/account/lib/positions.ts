import type { Holding, Product } from '@nivesh/shared';

/** What a ticket needs of one symbol's positions, per product: shares free to sell and their average cost. */
export interface SymbolPositions {
  sellable: Record<Product, number>;
  avgPrice: Partial<Record<Product, number>>;
}

/** One symbol's delivery and intraday positions apart (each product is its own position on the server). */
export function symbolPositions(positions: readonly Holding[], symbol: string | null): SymbolPositions {
  const result: SymbolPositions = { sellable: { CNC: 0, MIS: 0, NRML: 0 }, avgPrice: {} };
  for (const p of positions) {
    if (p.symbol !== symbol) continue;
    result.sellable[p.product] = p.sellableQuantity;
    result.avgPrice[p.product] = p.avgPrice;
  }
  return result;
}
