import {
  paiseToRupees,
  rupeesToPaise,
  type Alert,
  type AlertCondition,
  type AlertFiring,
  type AlertFrequency,
  type AlertStatus,
  type AlertWatch,
} from '@nivesh/shared';
import type { StandIn } from '../orders/order-market.js';
import type { AlertFiringRow, AlertRow } from './alerts.repository.js';

/** The level in hundredths of the watched unit (paise, hundredths of a percent, hundredths of a share). */
export function toHundredths(watch: AlertWatch, value: number): bigint {
  if (watch === 'price') return rupeesToPaise(value);
  if (watch === 'dayChangePct') return BigInt(Math.round(value * 100));
  return BigInt(Math.round(value)) * 100n;
}
const fromHundredths = (h: bigint) => Number(h) / 100;

export function toFiring(row: AlertFiringRow): AlertFiring {
  return {
    firedAt: row.firedAt.toISOString(),
    value: fromHundredths(row.valueHundredths),
    price: paiseToRupees(row.pricePaise),
  };
}

/**
 * An alert as its portfolio's user may see it: a blind replay's names its stock by the stand-in
 * and its replay times (set, fired, expiry) on the stand-in calendar.
 */
export function presentAlert(alert: Alert, standIn: StandIn | undefined): Alert {
  if (!standIn) return alert;
  const time = (iso: string | null) => iso && standIn.iso(iso);
  return {
    ...alert,
    symbol: standIn.symbolOf(alert.symbol),
    name: standIn.nameOf(alert.symbol, alert.name),
    expiresAt: standIn.iso(alert.expiresAt),
    createdAt: standIn.iso(alert.createdAt),
    lastTriggeredAt: time(alert.lastTriggeredAt),
    history: alert.history.map((h) => ({ ...h, firedAt: standIn.iso(h.firedAt) })),
  };
}

export function toAlert(row: AlertRow, history: AlertFiringRow[] = []): Alert {
  return {
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    watch: row.watch as AlertWatch,
    condition: row.condition as AlertCondition,
    value: fromHundredths(row.levelHundredths),
    frequency: row.frequency as AlertFrequency,
    cooldownSeconds: row.cooldownSeconds,
    note: row.note,
    status: row.status as AlertStatus,
    statusReason: row.statusReason,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastTriggeredAt: row.lastFiredAt?.toISOString() ?? null,
    triggerCount: row.fireCount,
    history: history.map(toFiring),
  };
}
