/**
 * Fee arithmetic for one fill: the same function costs the order-form estimate and the actual
 * fill, so the estimate equals the charge. Rates are exact fractions; every line is computed in
 * integer paise and rounded half-up to the paisa on its own, as a contract note itemises it. The
 * rates themselves are dated data in charge-schedules.ts; this file only applies one schedule.
 */
import { defaultFeeSchedule, type Rate } from './charge-schedules.js';

export type { Rate } from './charge-schedules.js';

/** Everything computeFees needs to cost one fill of one product on one exchange on one date. */
export interface FeeSchedule {
  name: string;
  brokerage: Rate;
  brokerageCapPaise: bigint;
  exchangeCharge: Rate;
  sttOnBuy: Rate;
  sttOnSell: Rate;
  /** GST on brokerage + exchange charge + SEBI fee. */
  gst: Rate;
  sebiFee: Rate;
  stampDutyOnBuy: Rate;
  /** Depository charge (GST included) once per scrip per sell day; 0 for intraday. */
  dpChargePaise: bigint;
  /** The broker's charge (GST included) on a position it squares off at the intraday cut-off. */
  squareOffChargePaise: bigint;
}

export interface FeeBreakdown {
  brokerage: bigint;
  exchangeCharge: bigint;
  stt: bigint;
  gst: bigint;
  sebiFee: bigint;
  stampDuty: bigint;
  dpCharge: bigint;
  squareOffCharge: bigint;
  total: bigint;
}

/** A fee line's key in a breakdown (every one but the total). */
export type FeeLineKey = Exclude<keyof FeeBreakdown, 'total'>;

/**
 * Every fee line in contract-note order with the words each place shows it by: `label` on the
 * order ticket, the contract note and the assistant's answers; `ledgerLabel` on the ledger line
 * a fill writes (stored descriptions keep the full name of the exchange charge).
 */
export const FEE_LINES: readonly { key: FeeLineKey; label: string; ledgerLabel: string }[] = [
  { key: 'brokerage', label: 'Brokerage', ledgerLabel: 'Brokerage' },
  { key: 'exchangeCharge', label: 'Exchange charge', ledgerLabel: 'Exchange transaction charge' },
  { key: 'stt', label: 'STT', ledgerLabel: 'STT' },
  { key: 'gst', label: 'GST', ledgerLabel: 'GST' },
  { key: 'sebiFee', label: 'SEBI fee', ledgerLabel: 'SEBI fee' },
  { key: 'stampDuty', label: 'Stamp duty', ledgerLabel: 'Stamp duty' },
  { key: 'dpCharge', label: 'DP charge', ledgerLabel: 'DP charge' },
  { key: 'squareOffCharge', label: 'Square-off charge', ledgerLabel: 'Square-off charge' },
];

function applyRate(amountPaise: bigint, r: Rate): bigint {
  // Half-up rounding of a non-negative fraction in integers.
  return (amountPaise * r.numerator * 2n + r.denominator) / (2n * r.denominator);
}

/** Charges that depend on more than the fill itself. */
export interface FillCircumstances {
  /** This sell is the user's first delivery sell of the scrip on its IST trade date (DP charge). */
  firstSellOfDay?: boolean;
  /** The broker squared this position off at the intraday cut-off. */
  squareOff?: boolean;
}

export function computeFees(
  side: 'BUY' | 'SELL',
  tradeValuePaise: bigint,
  /** Defaults to delivery on NSE under the default plan today: callers that know better pass it. */
  schedule: FeeSchedule = defaultFeeSchedule(),
  circumstances: FillCircumstances = {},
): FeeBreakdown {
  if (tradeValuePaise < 0n) throw new RangeError('Trade value cannot be negative');
  const uncapped = applyRate(tradeValuePaise, schedule.brokerage);
  const brokerage = uncapped < schedule.brokerageCapPaise ? uncapped : schedule.brokerageCapPaise;
  const exchangeCharge = applyRate(tradeValuePaise, schedule.exchangeCharge);
  const stt = applyRate(tradeValuePaise, side === 'SELL' ? schedule.sttOnSell : schedule.sttOnBuy);
  const sebiFee = applyRate(tradeValuePaise, schedule.sebiFee);
  const gst = applyRate(brokerage + exchangeCharge + sebiFee, schedule.gst);
  const stampDuty = side === 'BUY' ? applyRate(tradeValuePaise, schedule.stampDutyOnBuy) : 0n;
  const dpCharge = side === 'SELL' && circumstances.firstSellOfDay ? schedule.dpChargePaise : 0n;
  const squareOffCharge = circumstances.squareOff ? schedule.squareOffChargePaise : 0n;
  return {
    brokerage,
    exchangeCharge,
    stt,
    gst,
    sebiFee,
    stampDuty,
    dpCharge,
    squareOffCharge,
    total: brokerage + exchangeCharge + stt + gst + sebiFee + stampDuty + dpCharge + squareOffCharge,
  };
}
