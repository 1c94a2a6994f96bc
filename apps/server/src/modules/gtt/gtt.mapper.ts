import {
  gttDirection,
  paiseToRupees,
  type Gtt,
  type GttKind,
  type GttStatus,
  type OrderSide,
  type Product,
} from '@nivesh/shared';
import type { StandIn } from '../orders/order-market.js';
import type { GttRow } from './gtt.repository.js';

/** A row's legs in the order they were set: one for single, two for OCO. */
export function legsOf(row: GttRow): { triggerPaise: bigint; limitPaise: bigint }[] {
  const legs = [{ triggerPaise: row.leg1TriggerPaise, limitPaise: row.leg1LimitPaise }];
  if (row.leg2TriggerPaise !== null && row.leg2LimitPaise !== null)
    legs.push({ triggerPaise: row.leg2TriggerPaise, limitPaise: row.leg2LimitPaise });
  return legs;
}

/** The API's view of a row: rupees, ISO dates, each leg's direction from the reference price. */
export function toGtt(row: GttRow): Gtt {
  const reference = paiseToRupees(row.referencePricePaise);
  return {
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    kind: row.kind as GttKind,
    side: row.side as OrderSide,
    product: row.product as Product,
    quantity: row.quantity,
    legs: legsOf(row).map((l) => ({
      triggerPrice: paiseToRupees(l.triggerPaise),
      limitPrice: paiseToRupees(l.limitPaise),
      direction: gttDirection(paiseToRupees(l.triggerPaise), reference),
    })),
    referencePrice: reference,
    status: row.status as GttStatus,
    statusReason: row.statusReason,
    triggeredLeg: row.triggeredLeg,
    triggeredAt: row.triggeredAt?.toISOString() ?? null,
    triggeredPrice: row.triggeredPricePaise === null ? null : paiseToRupees(row.triggeredPricePaise),
    orderId: row.orderId,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A GTT as its portfolio's user may see it: a blind replay's names its stock by the stand-in and
 * its replay times (set, triggered, expiry) on the stand-in calendar; the real ones stay stored.
 */
export function presentGtt(gtt: Gtt, standIn: StandIn | undefined): Gtt {
  if (!standIn) return gtt;
  const symbol = standIn.symbolOf(gtt.symbol);
  const name = standIn.nameOf(gtt.symbol, gtt.name);
  const time = (iso: string | null) => iso && standIn.iso(iso);
  return {
    ...gtt,
    symbol,
    name,
    // A refusal's reason may name the stock (it came from the order's checks).
    statusReason:
      gtt.statusReason && gtt.statusReason.replaceAll(gtt.symbol, symbol).replaceAll(gtt.name, name),
    triggeredAt: time(gtt.triggeredAt),
    expiresAt: standIn.iso(gtt.expiresAt),
    createdAt: standIn.iso(gtt.createdAt),
  };
}
