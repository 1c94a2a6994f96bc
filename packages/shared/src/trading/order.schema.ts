import { z } from 'zod';
import { safeString } from '../lib/safe-string.js';
import { symbolParam } from '../market/market.schema.js';
import { refusalDetailSchema } from './refusal.schema.js';
import { clientTabField } from '../realtime/client-tab.js';
import { DEFAULT_PRODUCT, productSchema } from './product.js';
import { portfolioIdSchema } from '../portfolios/portfolio.schema.js';
import { lazySchema } from '../lib/lazy-schema.js';

export const ORDER_SIDES = ['BUY', 'SELL'] as const;
export const ORDER_TYPES = ['MARKET', 'LIMIT', 'STOP'] as const;
/**
 * What a new order may ask for: DAY (it lapses at the end of the session it was placed in). Indian
 * exchanges have no GTC; a standing order is a GTT. Stored orders from before may still read GTC.
 */
export const ORDER_VALIDITIES = ['DAY'] as const;
export const STORED_ORDER_VALIDITIES = ['DAY', 'GTC'] as const;
export const GTC_REFUSED_MESSAGE =
  'GTC orders do not exist on Indian exchanges. Set a GTT (good till triggered) instead: it waits up to a year for your trigger price and then places a LIMIT order.';
/** Why a resting GTC order from before GTC was withdrawn lapsed. */
export const GTC_LAPSED_REASON =
  'Lapsed: GTC orders do not exist on Indian exchanges, so Nivesh no longer keeps them. Set a GTT (good till triggered) instead.';
/** OPEN (partially filled) is reserved: the matcher fills whole orders only. */
export const ORDER_STATUSES = ['PENDING', 'OPEN', 'FILLED', 'CANCELLED', 'REJECTED', 'EXPIRED'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];
export type OrderType = (typeof ORDER_TYPES)[number];
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type OrderValidity = (typeof STORED_ORDER_VALIDITIES)[number];
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ['PENDING', 'OPEN'];
/** `/api/virtual-money/buy|sell` refuse a market order when the price moved more than this since the user saw it. */
export const PRICE_DRIFT_LIMIT = 0.02;
export const PRICE_CHANGED_MESSAGE = 'Price changed, please review';
export const LIMIT_PRICE_MESSAGE = 'Please enter a valid limit price';
export const TRIGGER_PRICE_MESSAGE = 'Please enter a valid trigger price';

export const QUANTITY_MESSAGE = 'Quantity must be a whole number greater than 0';
/** A bound far above any affordable order that keeps price × quantity well inside BIGINT. */
export const MAX_ORDER_QUANTITY = 1_000_000;

export const clientOrderIdField = lazySchema(() =>
  safeString({ error: 'clientOrderId must be a string' })
    .trim()
    .min(8, 'clientOrderId must be 8 to 64 characters')
    .max(64, 'clientOrderId must be 8 to 64 characters'),
);

/**
 * Any finite number passes here: whole shares from 1 to the cap are checked by the server's order
 * rules, so a bad quantity is refused like every other order rule, with the rule and a suggestion.
 */
const quantityField = lazySchema(() => z.number({ error: QUANTITY_MESSAGE }).finite(QUANTITY_MESSAGE));
/**
 * ₹1 crore a share: far above any listed price, and with MAX_ORDER_QUANTITY the trade value in
 * paise (1e15) stays well inside BIGINT. A price above it is a typo or a probe, never an order.
 */
export const MAX_ORDER_PRICE = 10_000_000;
const priceField = (message: string) =>
  z
    .number({ error: message })
    .positive(message)
    .max(MAX_ORDER_PRICE, `Price must be at most ₹${MAX_ORDER_PRICE.toLocaleString('en-IN')}`);
const limitPriceField = lazySchema(() => priceField(LIMIT_PRICE_MESSAGE));
const triggerPriceField = lazySchema(() => priceField(TRIGGER_PRICE_MESSAGE));

/**
 * `price` is the limit price (LIMIT only; ignored for MARKET and STOP, which fill at the market);
 * `triggerPrice` arms a STOP order: a BUY stop fires when the market rises to it, a SELL stop when
 * it falls to it, and then fills at the market price of that moment. A LIMIT already at or through
 * the market, or a STOP already past its trigger, fills at once at the market price.
 */
const orderFields = lazySchema(() =>
  z.object({
    symbol: symbolParam,
    type: z.enum(ORDER_SIDES, { error: 'Type must be BUY or SELL' }),
    orderType: z.enum(ORDER_TYPES, { error: 'Order type must be MARKET, LIMIT or STOP' }).default('MARKET'),
    quantity: quantityField,
    price: limitPriceField.optional(),
    triggerPrice: triggerPriceField.optional(),
    validity: z
      .enum(ORDER_VALIDITIES, {
        error: (issue) => (issue.input === 'GTC' ? GTC_REFUSED_MESSAGE : 'Validity must be DAY'),
      })
      .default('DAY'),
    /** CNC (delivery, the default) or MIS (intraday, squared off at the cut-off). */
    product: productSchema.default(DEFAULT_PRODUCT),
  }),
);

const needsLimitPrice = (b: { orderType: OrderType; price?: number | undefined }) =>
  b.orderType !== 'LIMIT' || b.price !== undefined;
const needsTriggerPrice = (b: { orderType: OrderType; triggerPrice?: number | undefined }) =>
  b.orderType !== 'STOP' || b.triggerPrice !== undefined;

/** Longest trade note an order may carry (it becomes a journal entry's note). */
export const ORDER_NOTE_MAX = 1000;

const orderNoteField = lazySchema(() =>
  safeString({ error: 'Note must be text' })
    .trim()
    .max(ORDER_NOTE_MAX, `Note must be at most ${ORDER_NOTE_MAX} characters`),
);

export const placeOrderRequestSchema = lazySchema(() =>
  orderFields
    .extend({
      clientOrderId: clientOrderIdField.optional(),
      portfolioId: portfolioIdSchema.optional(),
      /** Why this trade: kept as a journal entry linked to the fill (classes may require one). */
      note: orderNoteField.optional(),
    })
    .refine(needsLimitPrice, { message: LIMIT_PRICE_MESSAGE, path: ['price'] })
    .refine(needsTriggerPrice, { message: TRIGGER_PRICE_MESSAGE, path: ['triggerPrice'] }),
);
export type PlaceOrderRequest = z.infer<typeof placeOrderRequestSchema>;

export const feeBreakdownSchema = lazySchema(() =>
  z.object({
    brokerage: z.number(),
    exchangeCharge: z.number(),
    stt: z.number(),
    gst: z.number(),
    sebiFee: z.number(),
    stampDuty: z.number(),
    /** ₹15.34 on the first delivery sell of a scrip in a day (0 otherwise). */
    dpCharge: z.number(),
    /** ₹59 (₹50 + GST) on an intraday position squared off at the cut-off (0 otherwise). */
    squareOffCharge: z.number(),
    total: z.number(),
  }),
);
export type FeeBreakdownRupees = z.infer<typeof feeBreakdownSchema>;

/** Money fields are rupees with 2 decimals; the server keeps paise. */
export const orderSchema = lazySchema(() =>
  z.object({
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
    triggerPrice: z.number().nullable(),
    validity: z.enum(STORED_ORDER_VALIDITIES),
    product: productSchema,
    executionPrice: z.number().nullable(),
    tradeValue: z.number().nullable(),
    fees: z.number(),
    feeBreakdown: feeBreakdownSchema.nullable(),
    /** Cash moved: value + fees on a buy, value − fees on a sell. */
    total: z.number().nullable(),
    realizedPnL: z.number().nullable(),
    reserved: z.number(),
    status: z.enum(ORDER_STATUSES),
    /** Why the order was rejected, cancelled or expired, in words a user reads. */
    statusReason: z.string().nullable(),
    /** For a refused placement: the rule it broke and the one-click fix. */
    refusal: refusalDetailSchema.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    executedAt: z.string().nullable(),
    cancelledAt: z.string().nullable(),
    /** When a resting DAY order lapses (end of its session); null for finished orders. */
    expiresAt: z.string().nullable(),
    /** One line saying why the (latest) fill got its price; null until it fills. */
    receipt: z.string().nullable(),
  }),
);
export type Order = z.infer<typeof orderSchema>;

export const placeOrderResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    data: z.object({ order: orderSchema }),
  }),
);

export const ORDER_SORTS = ['-createdAt', 'createdAt', '-total', 'total', 'symbol', '-symbol'] as const;
export const orderListQuerySchema = lazySchema(() =>
  z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    sort: z.enum(ORDER_SORTS).default('-createdAt'),
    status: z.enum([...ORDER_STATUSES, 'all']).default('all'),
    type: z.enum([...ORDER_SIDES, 'all']).default('all'),
    orderType: z.enum([...ORDER_TYPES, 'all']).default('all'),
    symbol: symbolParam.optional(),
    /** Another name for `symbol`, accepted from older clients. */
    stockSymbol: symbolParam.optional(),
    /** Case-insensitive substring of symbol, name or order id (the /orders search box). */
    search: safeString().trim().max(64).optional(),
    /** The portfolio it is about (issue 25); omitted means the user's main portfolio. */
    portfolioId: portfolioIdSchema.optional(),
    /** A closed season of the portfolio to read (GET /api/portfolios/{id}/seasons); omitted: the open one. */
    season: z.coerce.number().int().positive('Season not found').optional(),
  }),
);
/** The same filters select the rows of the CSV export (no paging). */
export const orderExportQuerySchema = lazySchema(() =>
  orderListQuerySchema.omit({ page: true, limit: true }),
);
export type OrderExportQuery = z.infer<typeof orderExportQuerySchema>;
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const orderSummarySchema = lazySchema(() =>
  z.object({
    totalOrders: z.number().int(),
    filledOrders: z.number().int(),
    openOrders: z.number().int(),
    cancelledOrders: z.number().int(),
    rejectedOrders: z.number().int(),
  }),
);
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderListResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: z.array(orderSchema),
    summary: orderSummarySchema,
    pagination: z.object({
      page: z.number().int(),
      limit: z.number().int(),
      total: z.number().int(),
      totalPages: z.number().int(),
    }),
  }),
);

export const orderHistoryQuerySchema = lazySchema(() =>
  z.object({
    limit: z.coerce.number().int().min(1).max(500).default(50),
    /** The portfolio it is about (issue 25); omitted means the user's main portfolio. */
    portfolioId: portfolioIdSchema.optional(),
    /** A closed season of the portfolio to read (GET /api/portfolios/{id}/seasons); omitted: the open one. */
    season: z.coerce.number().int().positive('Season not found').optional(),
  }),
);
/** Finished orders (filled, cancelled, rejected, expired), newest first. */
export const orderHistoryResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), data: z.array(orderSchema) }),
);

/** PATCH /api/orders/{id}: a resting order's price, trigger or quantity; the reservation follows. */
export const modifyOrderRequestSchema = lazySchema(() =>
  z
    .object({
      quantity: quantityField.optional(),
      price: limitPriceField.optional(),
      triggerPrice: triggerPriceField.optional(),
      /** The portfolio it is about (issue 25); omitted means the user's main portfolio. */
      portfolioId: portfolioIdSchema.optional(),
    })
    .refine((b) => b.quantity !== undefined || b.price !== undefined || b.triggerPrice !== undefined, {
      message: 'Change the quantity, price or trigger price',
      path: ['quantity'],
    }),
);
export type ModifyOrderRequest = z.infer<typeof modifyOrderRequestSchema>;
export const modifyOrderResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    data: orderSchema,
  }),
);

export const intradayCutoffSchema = lazySchema(() =>
  z.object({
    at: z.string(),
    passed: z.boolean(),
    reopensAt: z.string().nullable(),
  }),
);

/** POST /api/orders/preview: what placing this order would charge, from the same fee schedule as the fill. */
export const previewOrderRequestSchema = lazySchema(() =>
  orderFields
    .extend({ portfolioId: portfolioIdSchema.optional() })
    .refine(needsLimitPrice, { message: LIMIT_PRICE_MESSAGE, path: ['price'] })
    .refine(needsTriggerPrice, { message: TRIGGER_PRICE_MESSAGE, path: ['triggerPrice'] }),
);
export type PreviewOrderRequest = z.infer<typeof previewOrderRequestSchema>;
export const orderPreviewSchema = lazySchema(() =>
  z.object({
    symbol: z.string(),
    name: z.string(),
    type: z.enum(ORDER_SIDES),
    orderType: z.enum(ORDER_TYPES),
    quantity: z.number().int(),
    /**
     * The price the estimate uses: the live market price when the order would fill at once (a
     * MARKET order while the market trades, or a LIMIT/STOP already crossed), else the limit or
     * trigger price the order would rest and reserve at (the last price for a market order queued
     * while the market is closed).
     */
    price: z.number(),
    marketPrice: z.number(),
    tradeValue: z.number(),
    fees: feeBreakdownSchema,
    /** Cash that would move: value + fees on a buy, value − fees on a sell. */
    total: z.number(),
    availableCash: z.number(),
    /** Shares held that are not already reserved by resting sell orders. */
    availableQuantity: z.number().int(),
    /** For sells: the estimated realized P&L against the average price (fees included); null for buys. */
    estimatedPnL: z.number().nullable(),
    /** Whether the order would be accepted now; when not, `message` is the placement error. */
    sufficient: z.boolean(),
    message: z.string().nullable(),
    /** The rule a placement would break and its fix, when it would be refused for cash or shares. */
    refusal: refusalDetailSchema.nullable(),
    marketOpen: z.boolean(),
    product: productSchema,
    /**
     * The intraday cut-off the ticket shows: MIS orders are refused while `passed` (until
     * `reopensAt`), and open MIS positions are squared off at `at`.
     */
    intradayCutoff: intradayCutoffSchema,
  }),
);
export type OrderPreview = z.infer<typeof orderPreviewSchema>;
export const orderPreviewResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), data: orderPreviewSchema }),
);

/** POST /api/virtual-money/buy|sell: a market order, refused when the price moved > 2% from `price`. */
export const virtualTradeRequestSchema = lazySchema(() =>
  z.object({
    stockSymbol: symbolParam,
    quantity: quantityField,
    /** The price per share the user saw (rupees). */
    price: z
      .number({ error: 'Price must be a number' })
      .positive('Quantity and price must be positive')
      .max(MAX_ORDER_PRICE, `Price must be at most ₹${MAX_ORDER_PRICE.toLocaleString('en-IN')}`),
    clientOrderId: clientOrderIdField.optional(),
    product: productSchema.default(DEFAULT_PRODUCT),
    /** The portfolio it is about (issue 25); omitted means the user's main portfolio. */
    portfolioId: portfolioIdSchema.optional(),
    /** Why this trade, as on the order ticket (a class may require one). */
    note: orderNoteField.optional(),
  }),
);
export type VirtualTradeRequest = z.infer<typeof virtualTradeRequestSchema>;

export const orderIdParamsSchema = lazySchema(() => z.object({ id: safeString().uuid('Order not found') }));
export const orderResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), data: orderSchema }),
);
export const cancelOrderRequestSchema = z.optional(
  lazySchema(() =>
    z.object({ reason: safeString().trim().max(200).optional(), portfolioId: portfolioIdSchema.optional() }),
  ),
);
export const cancelOrderResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    data: orderSchema,
  }),
);

/** Realtime payloads (the shared event map names them). */
export const orderUpdateEventSchema = lazySchema(() =>
  z.object({
    order: orderSchema,
    /** The tab whose request made this change (see client-tab.ts); absent for the matcher's. */
    tab: clientTabField.optional(),
    /** The portfolio whose order it is (issue 25); absent on a refusal kept on record. */
    portfolioId: z.string().optional(),
  }),
);
export const virtualTradeResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    data: z.object({ order: orderSchema }),
  }),
);

export const balanceUpdatedEventSchema = lazySchema(() =>
  z.object({
    balance: z.number(),
    availableCash: z.number(),
    reserved: z.number(),
    /** The portfolio whose cash this is (issue 25). */
    portfolioId: z.string().optional(),
  }),
);
export type BalanceUpdatedEvent = z.infer<typeof balanceUpdatedEventSchema>;
