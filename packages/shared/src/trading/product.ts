import { z } from 'zod';
import { lazySchema } from '../lib/lazy-schema.js';

/**
 * The product an order and a position belong to, as Indian brokers name them: `CNC` (cash and
 * carry, delivery: shares bought are held in the demat account overnight) and `MIS` (margin
 * intraday square-off: the position must be closed the same day, or the broker closes it at the
 * cut-off). Nivesh gives no leverage on MIS yet, so the two differ in charges and in the cut-off.
 */
export const PRODUCTS = ['CNC', 'MIS', 'NRML'] as const;
export type Product = (typeof PRODUCTS)[number];
/** The products of the cash market (stocks); NRML is for derivatives only. */
export const EQUITY_PRODUCTS = ['CNC', 'MIS'] as const satisfies readonly Product[];
export type EquityProduct = (typeof EQUITY_PRODUCTS)[number];
/** The products of the F&O segment (issue 28): NRML (normal, carried to expiry) and MIS (intraday). */
/** The answer to NRML on a stock, wherever a stock order, preview or GTT is made. */
export const NRML_ON_STOCK_MESSAGE =
  'NRML is for derivatives (NIFTY and BANKNIFTY options and futures); a stock trades as CNC (delivery) or MIS (intraday)';
export const FO_PRODUCTS = ['NRML', 'MIS'] as const satisfies readonly Product[];
export type FoProduct = (typeof FO_PRODUCTS)[number];
export const DEFAULT_PRODUCT: EquityProduct = 'CNC';
export const productSchema = lazySchema(() =>
  z.enum(PRODUCTS, {
    error: 'Product must be CNC (delivery), MIS (intraday) or NRML (derivatives, carried to expiry)',
  }),
);

/** What each product is called on the ticket, the portfolio and in the assistant's answers. */
export const PRODUCT_LABELS: Record<Product, { short: string; long: string }> = {
  CNC: { short: 'Delivery', long: 'Delivery (CNC)' },
  MIS: { short: 'Intraday', long: 'Intraday (MIS)' },
  NRML: { short: 'Normal', long: 'Normal (NRML)' },
};
