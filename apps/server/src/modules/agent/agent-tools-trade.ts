import { randomUUID } from 'node:crypto';
import {
  createAlertRequestSchema,
  createGttRequestSchema,
  modifyOrderRequestSchema,
  placeOrderRequestSchema,
  rupeesToPaise,
  updateGttRequestSchema,
  type AgentToolArgs,
  type Order,
} from '@nivesh/shared';
import { idOf, parsed, refuse, type ToolTable } from './agent-tool-context.js';
import { kiteGtt, kiteOrder, symbolOf } from './agent-kite.js';

type PlaceArgs = AgentToolArgs<'place_order'>;
type GttArgs = AgentToolArgs<'place_gtt_order'>;

/** Kite's order vocabulary in Nivesh's: what the simulator does not model is refused by name. */
function nivesh(args: Pick<PlaceArgs, 'variety' | 'validity'> & { product?: string; order_type?: string }) {
  if (args.variety !== 'regular') throw refuse(`The ${args.variety} variety is not simulated; use regular`);
  if (args.validity && args.validity !== 'DAY')
    throw refuse(`${args.validity} validity is not simulated; use DAY`);
  if (args.product && args.product !== 'CNC' && args.product !== 'MIS')
    throw refuse(`${args.product} is not simulated; use CNC (delivery) or MIS (intraday)`);
  if (args.order_type === 'SL')
    throw refuse(
      'SL (stop-limit) orders are not simulated; use SL-M, which fills at the market once triggered',
    );
  return args.order_type === 'SL-M' ? 'STOP' : args.order_type;
}

/** A fill's cash, signed: a buy takes value + charges, a sell brings value − charges. */
function cashMoved(order: Order): bigint | null {
  if (order.status !== 'FILLED' || order.total === null) return null;
  const paise = rupeesToPaise(order.total);
  return order.type === 'BUY' ? -paise : paise;
}

function gttBody(args: GttArgs) {
  if (args.trigger_type === 'single')
    return {
      kind: 'single' as const,
      quantity: args.quantity,
      legs: [{ triggerPrice: args.trigger_value, limitPrice: args.limit_price }],
    };
  if (args.upper_quantity !== args.lower_quantity)
    throw refuse('Both legs of a two-leg GTT have one quantity here: give upper_quantity = lower_quantity');
  return {
    kind: 'oco' as const,
    quantity: args.lower_quantity,
    legs: [
      { triggerPrice: args.lower_trigger_value, limitPrice: args.lower_limit_price },
      { triggerPrice: args.upper_trigger_value, limitPrice: args.upper_limit_price },
    ],
  };
}

/** The trading tools (scope `trade`): always on the token's own portfolio, through the app's rules. */
export const tradeTools: ToolTable = {
  place_order: async ({ token, actor }, args: PlaceArgs, d) => {
    const orderType = nivesh(args);
    const body = parsed(
      placeOrderRequestSchema.safeParse({
        symbol: symbolOf(args.tradingsymbol),
        type: args.transaction_type,
        orderType,
        quantity: args.quantity,
        product: args.product,
        ...(orderType === 'LIMIT' ? { price: args.price } : {}),
        ...(orderType === 'STOP' ? { triggerPrice: args.trigger_price } : {}),
        clientOrderId: `agent-${randomUUID()}`,
      }),
    );
    if (token.requireApproval) {
      const held = await d.approvals.hold(token, body);
      return {
        outcome: 'awaiting_approval',
        summary: `held for approval ${held.id}`,
        data: { order_id: null, approval_id: held.id, status: 'AWAITING APPROVAL' },
      };
    }
    const { order } = await d.orders.place(actor, body, body.clientOrderId);
    return {
      summary: `order ${order.id} ${order.status}`,
      data: kiteOrder(order),
      ledgerEffectPaise: cashMoved(order),
    };
  },

  modify_order: async ({ actor }, args: AgentToolArgs<'modify_order'>, d) => {
    const id = idOf(args.order_id, 'Order');
    const current = await d.orderQueries.get(actor.accountId, id);
    const orderType = nivesh({ ...args, product: undefined });
    if (orderType && orderType !== current.orderType)
      throw refuse(`The order type cannot change (it is ${current.orderType}); cancel and place a new order`);
    const body = parsed(
      modifyOrderRequestSchema.safeParse({
        quantity: args.quantity,
        price: args.price,
        triggerPrice: args.trigger_price,
      }),
    );
    const order = await d.orders.modify(actor, id, body);
    return {
      summary: `order ${order.id} modified`,
      data: kiteOrder(order),
      ledgerEffectPaise: cashMoved(order),
    };
  },

  cancel_order: async ({ actor }, args: AgentToolArgs<'cancel_order'>, d) => {
    nivesh(args);
    const order = await d.orders.cancel(actor, idOf(args.order_id, 'Order'), 'Cancelled by its agent');
    return { summary: `order ${order.id} ${order.status}`, data: kiteOrder(order) };
  },

  place_gtt_order: async ({ actor }, args: GttArgs, d) => {
    const body = parsed(
      createGttRequestSchema.safeParse({
        symbol: symbolOf(args.tradingsymbol),
        side: args.transaction_type,
        product: nivesh({ variety: 'regular', product: args.product }) ?? args.product,
        ...gttBody(args),
      }),
    );
    const gtt = await d.gtt.create(actor, body);
    return { summary: `GTT ${gtt.id} ${gtt.status}`, data: { trigger_id: gtt.id, ...kiteGtt(gtt) } };
  },

  modify_gtt_order: async ({ actor }, args: AgentToolArgs<'modify_gtt_order'>, d) => {
    const id = idOf(args.trigger_id, 'GTT');
    const { quantity, legs } = gttBody(args);
    const body = parsed(updateGttRequestSchema.safeParse({ quantity, legs }));
    const gtt = await d.gtt.update(actor, id, body);
    return { summary: `GTT ${gtt.id} modified`, data: { trigger_id: gtt.id, ...kiteGtt(gtt) } };
  },

  delete_gtt_order: async ({ actor }, args: AgentToolArgs<'delete_gtt_order'>, d) => {
    const gtt = await d.gtt.cancel(actor, idOf(args.trigger_id, 'GTT'));
    return {
      summary: `GTT ${gtt.id} ${gtt.status}`,
      data: { trigger_id: gtt.id, status: gtt.status.toLowerCase() },
    };
  },

  set_alert: async ({ actor }, args: AgentToolArgs<'set_alert'>, d) => {
    const body = parsed(
      createAlertRequestSchema.safeParse({
        symbol: symbolOf(args.instrument),
        condition: args.condition,
        value: args.value,
        watch: 'price',
        ...(args.note ? { note: args.note } : {}),
      }),
    );
    const alert = await d.alerts.create(actor, body);
    return {
      summary: `alert ${alert.id}`,
      data: { id: alert.id, tradingsymbol: alert.symbol, status: alert.status },
    };
  },
};
