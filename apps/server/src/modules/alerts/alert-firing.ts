import {
  ALERT_BREAKER_FIRINGS,
  ALERT_BREAKER_REASON,
  ALERT_BREAKER_WINDOW_MS,
  DAY_MS,
  IST_OFFSET_MS,
  istDayNumber,
  rupeesToPaise,
  type AlertCondition,
  type AlertStatus,
} from '@nivesh/shared';
import type { Db } from '../../db/database.js';
import { LeaseLost, type Fence } from '../../db/lease.js';
import { firstCrossing, firstTouch, type PathMarket } from '../market/path-touch.js';
import { alertsRepository, type AlertRow } from './alerts.repository.js';

/** What one check found: the tick that satisfied the alert and the watched value there. */
export interface AlertHit {
  tickMs: number;
  price: number;
  valueHundredths: bigint;
}

/**
 * Where a check of `alert` may start: after `fromMs` and its arming, and after what its frequency
 * allows (the next IST day after a daily alert fired; the end of the cooldown after an 'every' one).
 */
export function alertFloor(alert: AlertRow, fromMs: number): number {
  let from = Math.max(alert.armedAt.getTime(), fromMs);
  if (alert.lastFiredAt) {
    const last = alert.lastFiredAt.getTime();
    if (alert.frequency === 'daily')
      from = Math.max(from, (istDayNumber(last) + 1) * DAY_MS - IST_OFFSET_MS - 1000);
    else if (alert.frequency === 'every') from = Math.max(from, last + alert.cooldownSeconds * 1000 - 1000);
    else from = Math.max(from, last);
  }
  return from;
}

/**
 * Records one firing of `alert` at the hit's tick in one transaction on its row (still active,
 * armed as read, not fired at or after this tick?), so two checks never fire the same crossing
 * twice: 'once' becomes TRIGGERED, 'every' trips its breaker after too many. Undefined when the
 * alert changed under the caller.
 */
export async function recordAlertFiring(db: Db, alert: AlertRow, hit: AlertHit, fence?: Fence) {
  const firedAt = new Date(hit.tickMs);
  return db.transaction(async (tx) => {
    if (fence && !(await fence(tx))) throw new LeaseLost('price alerts');
    const row = await alertsRepository.lockActive(tx, alert.id);
    if (!row || row.armedAt.getTime() !== alert.armedAt.getTime()) return undefined;
    if (row.lastFiredAt && row.lastFiredAt.getTime() >= firedAt.getTime()) return undefined;
    const firing = await alertsRepository.insertFiring(tx, {
      alertId: row.id,
      firedAt,
      valueHundredths: hit.valueHundredths,
      pricePaise: rupeesToPaise(hit.price),
    });
    let status: AlertStatus = row.frequency === 'once' ? 'TRIGGERED' : 'ACTIVE';
    let statusReason: string | null = null;
    if (row.frequency === 'every') {
      const recent = await alertsRepository.firingsSince(
        tx,
        row.id,
        new Date(hit.tickMs - ALERT_BREAKER_WINDOW_MS),
      );
      if (recent >= ALERT_BREAKER_FIRINGS) {
        status = 'DISABLED';
        statusReason = ALERT_BREAKER_REASON;
      }
    }
    const updated = await alertsRepository.setStatus(tx, row.id, {
      status,
      statusReason,
      lastFiredAt: firedAt,
      fireCount: row.fireCount + 1,
    });
    return { updated: updated!, firing };
  });
}

/**
 * The first tick in (fromMs, toMs] where a price alert's condition holds on `market`'s path: a
 * touch for above/below, a fresh crossing for crosses_up/crosses_down.
 */
export async function priceAlertHit(
  market: PathMarket,
  alert: AlertRow,
  fromMs: number,
  toMs: number,
): Promise<AlertHit | undefined> {
  const condition = alert.condition as AlertCondition;
  const up = condition === 'above' || condition === 'crosses_up';
  const check = condition === 'above' || condition === 'below' ? firstTouch : firstCrossing;
  const tick = await check(market, alert.symbol, fromMs, toMs, up ? 'up' : 'down', alert.levelHundredths);
  if (!tick) return undefined;
  return { tickMs: tick.ms, price: tick.price, valueHundredths: rupeesToPaise(tick.price) };
}
