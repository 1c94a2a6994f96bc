import {
  chargeScheduleFor,
  formatInr,
  istTradeDate,
  paiseToRupees,
  scheduleFor,
  type FeeSchedule,
  type Product,
} from '@nivesh/shared';

/** The exchanges the charge table has rows for; an instrument listed elsewhere is costed as NSE. */
const chargeExchange = (exchange: string | undefined) => (exchange === 'BSE' ? 'BSE' : 'NSE');

/**
 * The schedule a ticket's local estimate uses while the server's preview is on its way: the row
 * of this product and exchange in force today (IST), as the fill will be charged. The preview
 * stays the authority (it knows the broker plan and whether a sell is the day's first).
 */
export function ticketSchedule(product: Product, exchange?: string, nowMs = Date.now()): FeeSchedule {
  return scheduleFor(product, chargeExchange(exchange), istTradeDate(nowMs));
}

/** The DP charge's one-line hint, from the delivery row in force (so a new rate changes it too). */
export function dpChargeHint(exchange?: string, nowMs = Date.now()): string {
  const row = chargeScheduleFor('CNC', chargeExchange(exchange), istTradeDate(nowMs));
  return `${formatInr(paiseToRupees(row.dpChargePaise))} per scrip per sell day, delivery sells only`;
}
