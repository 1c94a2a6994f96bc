import {
  feeBreakdownInRupees,
  OPEN_ORDER_STATUSES,
  paiseToRupees,
  type Order,
  type OrderSide,
  type OrderStatus,
  type OrderType,
  type OrderValidity,
} from '@nivesh/shared';
import type { FillRow, OrderRow } from './orders.repository.js';

const rupees = (paise: bigint | null) => (paise === null ? null : paiseToRupees(paise));

/** The API shape of an order: rupees with 2 decimals, and the fill's contract-note lines when it has one. */
export function toOrder(row: OrderRow, fill: FillRow | undefined): Order {
  const limitPrice = rupees(row.limitPricePaise);
  const executionPrice = rupees(row.executionPricePaise);
  const status = row.status as OrderStatus;
  return {
    id: row.id,
    _id: row.id,
    clientOrderId: row.clientOrderId,
    symbol: row.symbol,
    stockSymbol: row.symbol,
    stockName: row.name,
    type: row.side as OrderSide,
    orderType: row.orderType as OrderType,
    quantity: row.quantity,
    price: limitPrice ?? executionPrice,
    limitPrice,
    triggerPrice: rupees(row.triggerPricePaise),
    validity: row.validity as OrderValidity,
    product: row.product,
    executionPrice,
    tradeValue: rupees(row.tradeValuePaise),
    fees: paiseToRupees(row.feesPaise),
    feeBreakdown: fill
      ? feeBreakdownInRupees({
          brokerage: fill.brokeragePaise,
          exchangeCharge: fill.exchangeChargePaise,
          stt: fill.sttPaise,
          gst: fill.gstPaise,
          sebiFee: fill.sebiFeePaise,
          stampDuty: fill.stampDutyPaise,
          dpCharge: fill.dpChargePaise,
          squareOffCharge: fill.squareOffChargePaise,
          total: fill.feesPaise,
        })
      : null,
    total: rupees(row.totalPaise),
    realizedPnL: rupees(row.realizedPnlPaise),
    reserved: paiseToRupees(row.reservedPaise),
    status,
    statusReason: row.statusReason ?? row.cancelReason,
    refusal: row.refusal ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    // Only a resting order can still lapse.
    expiresAt: OPEN_ORDER_STATUSES.includes(status) ? (row.expiresAt?.toISOString() ?? null) : null,
    executedAt: row.executedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    receipt: row.receipt ?? null,
  };
}
