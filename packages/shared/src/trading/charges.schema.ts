import { z } from 'zod';
import { productSchema } from './product.js';
import { BROKERAGE_PLANS, CHARGE_EXCHANGES } from './charge-schedules.js';
import { lazySchema } from '../lib/lazy-schema.js';

/**
 * GET /api/charges: the charge schedules in force on `asOf` (an IST date), one per product and
 * exchange, with their dates and sources, under the server's brokerage plan. Percentages are of
 * the trade value; fixed charges are rupees, GST included.
 */
export const chargeScheduleViewSchema = lazySchema(() =>
  z.object({
    product: productSchema,
    segment: z.literal('EQ'),
    exchange: z.enum(CHARGE_EXCHANGES),
    effectiveFrom: z.string(),
    source: z.string(),
    brokerage: z.object({
      percent: z.number(),
      /** The most one fill pays, rupees. */
      cap: z.number(),
      effectiveFrom: z.string(),
      source: z.string(),
    }),
    sttBuyPercent: z.number(),
    sttSellPercent: z.number(),
    exchangeChargePercent: z.number(),
    sebiFeePercent: z.number(),
    stampDutyBuyPercent: z.number(),
    /** GST on brokerage + exchange charge + SEBI fee. */
    gstPercent: z.number(),
    /** Per scrip per sell day (delivery). */
    dpCharge: z.number(),
    /** Per intraday position squared off at the cut-off. */
    squareOffCharge: z.number(),
  }),
);
export type ChargeScheduleView = z.infer<typeof chargeScheduleViewSchema>;

export const chargesResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: z.object({
      asOf: z.string(),
      brokeragePlan: z.enum(BROKERAGE_PLANS),
      schedules: z.array(chargeScheduleViewSchema),
    }),
  }),
);
export type ChargesResponse = z.infer<typeof chargesResponseSchema>;
