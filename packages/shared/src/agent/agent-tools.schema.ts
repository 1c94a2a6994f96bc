import { z } from 'zod';
import { safeString } from '../lib/safe-string.js';
import { lazySchema } from '../lib/lazy-schema.js';

/**
 * The arguments of each /mcp tool (issue 27), named and shaped as zerodha/kite-mcp-server's tools
 * so an agent written for Kite runs here unchanged. After translation to Nivesh's own request
 * (placeOrderRequestSchema, createGttRequestSchema …) the server validates again with those.
 * Instruments are `EXCHANGE:SYMBOL` (e.g. `NSE:ITC`).
 */

const instrument = lazySchema(() =>
  safeString({ error: 'An instrument is text like NSE:ITC' })
    .trim()
    .min(1, 'An instrument is text like NSE:ITC')
    .max(40, 'An instrument is at most 40 characters'),
);
const instruments = lazySchema(() =>
  z
    .array(instrument, { error: "instruments is a list like ['NSE:ITC']" })
    .min(1, 'At least one instrument must be specified')
    .max(50, 'At most 50 instruments at a time'),
);
const tradingsymbol = lazySchema(() =>
  safeString({ error: 'tradingsymbol is text like ITC' })
    .trim()
    .min(1, 'tradingsymbol is required')
    .max(30, 'tradingsymbol is at most 30 characters'),
);
const exchange = z.enum(['NSE', 'BSE'], { error: 'Exchange must be NSE or BSE' }).default('NSE');
const variety = z
  .enum(['regular', 'co', 'amo', 'iceberg', 'auction'], { error: 'Unknown variety' })
  .default('regular');
const side = lazySchema(() => z.enum(['BUY', 'SELL'], { error: 'transaction_type must be BUY or SELL' }));
const product = lazySchema(() =>
  z.enum(['CNC', 'MIS', 'NRML', 'MTF'], { error: 'product must be CNC or MIS' }),
);
const orderType = lazySchema(() =>
  z.enum(['MARKET', 'LIMIT', 'SL', 'SL-M'], {
    error: 'order_type must be MARKET, LIMIT, SL or SL-M',
  }),
);
const num = (name: string) =>
  z.number({ error: `${name} must be a number` }).finite(`${name} must be a number`);
const orderId = lazySchema(() =>
  safeString({ error: 'order_id is required' }).trim().min(1, 'order_id is required').max(64),
);
const triggerId = lazySchema(() =>
  z.union([safeString().trim().min(1).max(64), z.number()], {
    error: 'trigger_id is required',
  }),
);
const validity = z.enum(['DAY', 'IOC', 'TTL'], { error: 'validity must be DAY' }).optional();
const page = { from: z.number().int().min(0).optional(), limit: z.number().int().min(1).max(500).optional() };

export const noArgsSchema = lazySchema(() => z.object({}));

export const agentToolSchemas = {
  get_profile: noArgsSchema,
  get_margins: noArgsSchema,
  get_holdings: z.object(page),
  get_positions: noArgsSchema,
  get_orders: z.object(page),
  get_trades: z.object(page),
  get_gtts: noArgsSchema,
  get_alerts: noArgsSchema,
  get_order_history: z.object({ order_id: orderId }),
  get_order_trades: z.object({ order_id: orderId }),
  place_order: z.object({
    variety,
    exchange,
    tradingsymbol,
    transaction_type: side,
    quantity: num('quantity'),
    product,
    order_type: orderType,
    price: num('price').optional(),
    trigger_price: num('trigger_price').optional(),
    validity,
    tag: safeString().max(20, 'tag is at most 20 characters').optional(),
  }),
  modify_order: z.object({
    variety,
    order_id: orderId,
    quantity: num('quantity').optional(),
    price: num('price').optional(),
    order_type: orderType.optional(),
    trigger_price: num('trigger_price').optional(),
    validity,
  }),
  cancel_order: z.object({ variety, order_id: orderId }),
  get_quotes: z.object({ instruments }),
  get_ltp: z.object({ instruments }),
  get_ohlc: z.object({ instruments }),
  get_historical_data: z.object({
    /** Kite's is a number; here the instrument itself (`NSE:ITC`), as search_instruments answers. */
    instrument_token: z.union([instrument, z.number()], { error: 'instrument_token is required' }),
    from_date: safeString({ error: 'from_date is YYYY-MM-DD HH:MM:SS' }).max(30),
    to_date: safeString({ error: 'to_date is YYYY-MM-DD HH:MM:SS' }).max(30),
    interval: z.enum(
      ['minute', 'day', '3minute', '5minute', '10minute', '15minute', '30minute', '60minute'],
      {
        error: 'Unknown interval',
      },
    ),
    continuous: z.boolean().optional(),
    oi: z.boolean().optional(),
  }),
  search_instruments: z.object({
    query: safeString({ error: 'query is required' }).trim().min(1, 'query is required').max(64),
    filter_on: z.enum(['id', 'name', 'isin', 'tradingsymbol', 'underlying']).optional(),
    ...page,
  }),
  place_gtt_order: gttArgs(),
  modify_gtt_order: gttArgs().extend({ trigger_id: triggerId }),
  delete_gtt_order: z.object({ trigger_id: triggerId }),
  get_news: z.object({
    query: safeString().trim().max(64).optional(),
    tradingsymbol: tradingsymbol.optional(),
    limit: z.number().int().min(1).max(50).optional(),
  }),
  set_alert: z.object({
    instrument,
    /** Nivesh's own tool: a price alert, as the app's. */
    condition: z.enum(['above', 'below', 'crosses_up', 'crosses_down'], {
      error: 'condition must be above, below, crosses_up or crosses_down',
    }),
    value: num('value'),
    note: safeString().max(200).optional(),
  }),
} as const;

function gttArgs() {
  return z.object({
    exchange,
    tradingsymbol,
    last_price: num('last_price').optional(),
    transaction_type: side,
    product: product.default('CNC'),
    trigger_type: z.enum(['single', 'two-leg'], { error: "trigger_type must be 'single' or 'two-leg'" }),
    trigger_value: num('trigger_value').optional(),
    quantity: num('quantity').optional(),
    limit_price: num('limit_price').optional(),
    upper_trigger_value: num('upper_trigger_value').optional(),
    upper_quantity: num('upper_quantity').optional(),
    upper_limit_price: num('upper_limit_price').optional(),
    lower_trigger_value: num('lower_trigger_value').optional(),
    lower_quantity: num('lower_quantity').optional(),
    lower_limit_price: num('lower_limit_price').optional(),
  });
}

export type AgentToolName = keyof typeof agentToolSchemas;
export const AGENT_TOOL_NAMES = Object.keys(agentToolSchemas) as AgentToolName[];
/** Tools that place, change or cancel anything: they need the `trade` scope; the rest `read`. */
export const AGENT_TRADE_TOOLS: readonly AgentToolName[] = [
  'place_order',
  'modify_order',
  'cancel_order',
  'place_gtt_order',
  'modify_gtt_order',
  'delete_gtt_order',
  'set_alert',
];
export type AgentToolArgs<T extends AgentToolName> = z.infer<(typeof agentToolSchemas)[T]>;
