import type { AgentApproval, Gtt, Holding, Order, Quote } from '@nivesh/shared';
import type { FillRecord } from '../portfolio/fills.service.js';
import { paiseToRupees } from '@nivesh/shared';

/**
 * Nivesh's records in Kite Connect's field names (order_id, tradingsymbol, transaction_type …), so
 * an agent written against Kite reads them unchanged. Only fields Nivesh has are filled; none is
 * invented.
 */

/** Kite's order statuses: FILLED is COMPLETE; a resting order is OPEN; an expired one CANCELLED. */
export function kiteStatus(status: Order['status']): string {
  if (status === 'FILLED') return 'COMPLETE';
  if (status === 'PENDING' || status === 'OPEN') return 'OPEN';
  if (status === 'EXPIRED') return 'CANCELLED';
  return status;
}

const kiteOrderType = (t: string) => (t === 'STOP' ? 'SL-M' : t);

/** `NSE:ITC` → `ITC`: the simulated market lists each stock once. */
export function symbolOf(instrument: string): string {
  const i = instrument.indexOf(':');
  return (i >= 0 ? instrument.slice(i + 1) : instrument).trim();
}

export function kiteOrder(o: Order) {
  const filled = o.status === 'FILLED' ? o.quantity : 0;
  return {
    order_id: o.id,
    exchange: 'NSE',
    tradingsymbol: o.symbol,
    transaction_type: o.type,
    order_type: kiteOrderType(o.orderType),
    product: o.product,
    variety: 'regular',
    validity: o.validity,
    quantity: o.quantity,
    filled_quantity: filled,
    pending_quantity: kiteStatus(o.status) === 'OPEN' ? o.quantity : 0,
    price: o.limitPrice ?? 0,
    trigger_price: o.triggerPrice ?? 0,
    average_price: o.executionPrice ?? 0,
    status: kiteStatus(o.status),
    status_message: o.statusReason,
    order_timestamp: o.createdAt,
    exchange_timestamp: o.executedAt,
    tag: null,
  };
}

/** An order waiting for the user's approval, as get_orders lists it. */
export function kiteHeldOrder(a: AgentApproval) {
  return {
    order_id: null,
    approval_id: a.id,
    exchange: 'NSE',
    tradingsymbol: a.symbol,
    transaction_type: a.type,
    order_type: kiteOrderType(a.orderType),
    product: a.product,
    variety: 'regular',
    quantity: a.quantity,
    filled_quantity: 0,
    price: a.price ?? 0,
    trigger_price: a.triggerPrice ?? 0,
    average_price: 0,
    status: 'AWAITING APPROVAL',
    status_message: 'Waits for the user to approve it in the Nivesh app',
    order_timestamp: a.createdAt,
  };
}

export function kiteTrade(f: FillRecord) {
  return {
    trade_id: f.id,
    order_id: f.orderId,
    exchange: 'NSE',
    tradingsymbol: f.symbol,
    transaction_type: f.side,
    quantity: f.quantity,
    average_price: paiseToRupees(f.pricePaise),
    charges: paiseToRupees(f.feesPaise),
    fill_timestamp: f.createdAt.toISOString(),
  };
}

export function kiteHolding(h: Holding) {
  return {
    tradingsymbol: h.symbol,
    exchange: 'NSE',
    product: h.product,
    quantity: h.quantity,
    t1_quantity: 0,
    used_quantity: h.reservedQuantity,
    average_price: h.avgPrice,
    last_price: h.currentPrice,
    pnl: h.pnl,
    day_change: h.dayChange,
    day_change_percentage: h.dayChangePercent,
  };
}

export function kiteQuote(q: Quote) {
  return {
    instrument_token: `NSE:${q.symbol}`,
    last_price: q.price,
    volume: q.volume,
    net_change: q.change,
    ohlc: { open: q.open, high: q.dayHigh, low: q.dayLow, close: q.previousClose },
    lower_circuit_limit: q.lowerCircuit,
    upper_circuit_limit: q.upperCircuit,
  };
}

export function kiteGtt(g: Gtt) {
  return {
    id: g.id,
    type: g.kind === 'oco' ? 'two-leg' : 'single',
    status: g.status.toLowerCase(),
    condition: {
      exchange: 'NSE',
      tradingsymbol: g.symbol,
      last_price: g.referencePrice,
      trigger_values: g.legs.map((l) => l.triggerPrice),
    },
    orders: g.legs.map((l) => ({
      exchange: 'NSE',
      tradingsymbol: g.symbol,
      transaction_type: g.side,
      quantity: g.quantity,
      order_type: 'LIMIT',
      product: g.product,
      price: l.limitPrice,
    })),
    status_message: g.statusReason,
    created_at: g.createdAt,
    updated_at: g.updatedAt,
    expires_at: g.expiresAt,
  };
}
