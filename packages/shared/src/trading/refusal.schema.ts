import { z } from 'zod';
import { lazySchema } from '../lib/lazy-schema.js';

/**
 * Why an order was refused, as stable codes a client can branch on. The server answers each with
 * `{success: false, code, message, rule, suggestion?}`; the web reuses the same rules to explain a
 * disabled control before the user even submits.
 */
export const REFUSAL_CODES = {
  insufficientFunds: 'INSUFFICIENT_FUNDS',
  insufficientShares: 'INSUFFICIENT_SHARES',
  priceOffTick: 'PRICE_OFF_TICK',
  priceOutsideBand: 'PRICE_OUTSIDE_BAND',
  quantityInvalid: 'QUANTITY_INVALID',
  marketClosed: 'MARKET_CLOSED',
  marketHalted: 'MARKET_HALTED',
  priceChanged: 'PRICE_CHANGED',
  circuitLocked: 'CIRCUIT_LOCKED',
  intradayCutoff: 'MIS_CUTOFF_PASSED',
  /** A classroom's rule (issue 26): the class portfolio's teacher set it. */
  classRule: 'CLASS_RULE',
  /** F&O (issue 28): the cash left after the SPAN-like margin, premium and charges falls short. */
  insufficientMargin: 'INSUFFICIENT_MARGIN',
  /** F&O (issue 28): a product or portfolio the segment does not take (NRML on a stock, CNC on a derivative). */
  productInvalid: 'PRODUCT_INVALID',
} as const;
export type RefusalCode = (typeof REFUSAL_CODES)[keyof typeof REFUSAL_CODES];
const CODES = Object.values(REFUSAL_CODES) as [RefusalCode, ...RefusalCode[]];

/** The one-click fix: a price on the grid / inside the circuit, or a quantity that passes. */
export const refusalSuggestionSchema = lazySchema(() =>
  z.union([z.object({ price: z.number() }).strict(), z.object({ quantity: z.number().int() }).strict()]),
);
export type RefusalSuggestion = z.infer<typeof refusalSuggestionSchema>;

/** What a refusal says beyond the message; stored with a REJECTED order too. */
export const refusalDetailSchema = lazySchema(() =>
  z.object({
    code: z.enum(CODES),
    rule: z.string(),
    suggestion: refusalSuggestionSchema.optional(),
  }),
);
export type RefusalDetail = z.infer<typeof refusalDetailSchema>;

export const orderRefusalSchema = lazySchema(() =>
  refusalDetailSchema.extend({
    success: z.literal(false),
    message: z.string(),
    errors: z.record(z.string(), z.string()).optional(),
  }),
);
export type OrderRefusal = z.infer<typeof orderRefusalSchema>;
