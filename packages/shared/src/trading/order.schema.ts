import { z } from 'zod';
import { symbolParam } from '../market/market.schema.js';

export const ORDER_SIDES = ['BUY', 'SELL'] as const;
export const ORDER_TYPES = ['MARKET', 'LIMIT'] as const;
/** DESIGN §3: OPEN (partially filled) is reserved for a later matcher. */
export const ORDER_STATUSES = ['PENDING', 'OPEN', 'FILLED', 'CANCELLED', 'REJECTED', 'EXPIRED'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];
export type OrderType = (typeof ORDER_TYPES)[number];
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const QUANTITY_MESSAGE = 'Quantity must be a whole number greater than 0';
/** A bound far above any affordable order that keeps price × quantity well inside BIGINT. */
export const MAX_ORDER_QUANTITY = 1_000_000;

export const clientOrderIdField = z
  .string({ error: 'clientOrderId must be a string' })
  .trim()
  .min(8, 'clientOrderId must be 8 to 64 characters')
  .max(64, 'clientOrderId must be 8 to 64 characters');

export const placeOrderRequestSchema = z
  .object({
    symbol: symbolParam,
    type: z.enum(ORDER_SIDES, { error: 'Type must be BUY or SELL' }),
    orderType: z.enum(ORDER_TYPES, { error: 'Order type must be MARKET or LIMIT' }).default('MARKET'),
    quantity: z
      .number({ error: QUANTITY_MESSAGE })
      .int(QUANTITY_MESSAGE)
      .min(1, QUANTITY_MESSAGE)
      .max(MAX_ORDER_QUANTITY, `Quantity must be at most ${MAX_ORDER_QUANTITY}`),
    /** Rupees, step 0.01; required for LIMIT orders only. */
    limitPrice: z.number({ error: 'Please enter a valid limit price' }).positive('Please enter a valid limit price').optional(),
    clientOrderId: clientOrderIdField.optional(),
  })
  .refine((b) => b.orderType !== 'LIMIT' || b.limitPrice !== undefined, {
    message: 'Please enter a valid limit price',
    path: ['limitPrice'],
  });
export type PlaceOrderRequest = z.infer<typeof placeOrderRequestSchema>;

export const feeBreakdownSchema = z.object({
  brokerage: z.number(),
  exchangeCharge: z.number(),
  stt: z.number(),
  gst: z.number(),
  sebiFee: z.number(),
  stampDuty: z.number(),
  total: z.number(),
});
export type FeeBreakdownRupees = z.infer<typeof feeBreakdownSchema>;

/** Money fields are rupees with 2 decimals; the server keeps paise. */
export const orderSchema = z.object({
  id: z.string(),
  _id: z.string(),
  clientOrderId: z.string(),
  symbol: z.string(),
  stockSymbol: z.string(),
  stockName: z.string(),
  type: z.enum(ORDER_SIDES),
  orderType: z.enum(ORDER_TYPES),
  quantity: z.number().int(),
  /** The limit price for LIMIT orders, else the execution price once filled. */
  price: z.number().nullable(),
  limitPrice: z.number().nullable(),
  executionPrice: z.number().nullable(),
  tradeValue: z.number().nullable(),
  fees: z.number(),
  feeBreakdown: feeBreakdownSchema.nullable(),
  /** Cash moved: value + fees on a buy, value − fees on a sell. */
  total: z.number().nullable(),
  realizedPnL: z.number().nullable(),
  reserved: z.number(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  executedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const placeOrderResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ order: orderSchema }),
});

export const orderListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum([...ORDER_STATUSES, 'all']).default('all'),
  type: z.enum([...ORDER_SIDES, 'all']).default('all'),
  symbol: symbolParam.optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const orderSummarySchema = z.object({
  totalOrders: z.number().int(),
  filledOrders: z.number().int(),
  openOrders: z.number().int(),
  cancelledOrders: z.number().int(),
  rejectedOrders: z.number().int(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(orderSchema),
  summary: orderSummarySchema,
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), totalPages: z.number().int() }),
});

export const orderIdParamsSchema = z.object({ id: z.string().uuid('Order not found') });
export const orderResponseSchema = z.object({ success: z.literal(true), data: orderSchema });
export const cancelOrderRequestSchema = z.object({ reason: z.string().trim().max(200).optional() }).optional();
export const cancelOrderResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: orderSchema });

/** Realtime payloads (the shared event map names them). */
export const orderUpdateEventSchema = z.object({ order: orderSchema });
export const balanceUpdatedEventSchema = z.object({
  balance: z.number(),
  availableCash: z.number(),
  reserved: z.number(),
});
export type BalanceUpdatedEvent = z.infer<typeof balanceUpdatedEventSchema>;
