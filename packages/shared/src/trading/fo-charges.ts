import { rowInForce } from '../options/contracts.js';
import { rate, type Rate } from './charge-schedules.js';
import type { FeeBreakdown } from './fees.js';

/**
 * F&O charges as dated data, the same shape and arithmetic as the equity schedules: exact rates,
 * every line in integer paise rounded half-up to the paisa on its own (as a contract note itemises
 * it), GST on brokerage + exchange charge + SEBI fee. A fill is charged by the row in force on its
 * IST trade date; a date before every row gets the earliest.
 */
export type FoKind = 'option' | 'future';

export interface FoChargeSchedule {
  kind: FoKind;
  effectiveFrom: string;
  source: string;
  /** Brokerage as a rate of the value, capped at brokerageCapPaise; options pay the flat cap. */
  brokerage: Rate;
  brokerageCapPaise: bigint;
  /** Options: brokerage is this flat amount per order whatever the premium. */
  flatBrokerage: boolean;
  /** On premium for options, on contract value for futures. */
  exchangeCharge: Rate;
  sttOnSell: Rate;
  /** Options only: STT on the intrinsic value of an option exercised (settled in the money). */
  sttOnExercise: Rate;
  stampDutyOnBuy: Rate;
  sebiFee: Rate;
  gst: Rate;
  /** The broker's charge on a position it closes at the MIS cut-off, GST included. */
  squareOffChargePaise: bigint;
}

const SQUARE_OFF =
  'Auto square-off of an MIS position at the 15:25 F&O cut-off: ₹50 + 18% GST = ₹59 per order (support.zerodha.com)';
const SEBI_FEE = rate(1, 1_000_000); // ₹10 per crore
const GST = rate(18, 100);
const NONE = rate(0, 1);
const BROKER =
  'Zerodha F&O brokerage: options flat ₹20 per executed order; futures 0.03% or ₹20, whichever is lower (zerodha.com/charges)';
const EXCHANGE =
  'NSE F&O transaction charges from 2024-10-01 (NSE/FA/64232): options 0.03503% of premium, futures 0.00173%, plus IPFT ₹50/crore on options premium and ₹10/crore on futures (0.03553% and 0.00183% in all, zerodha.com/charges)';
const STT_2024 =
  'STT from 2024-10-01 (Finance (No. 2) Act 2024): options 0.1% of premium on sell, 0.125% of intrinsic value on exercise; futures 0.02% on sell';
const STT_2026 =
  'STT from 2026-04-01 (Union Budget 2026 speech; ClearTax, WION): options 0.15% of premium on sell and 0.15% of intrinsic value on exercise; futures 0.05% on sell';
const STAMP =
  'Stamp duty on the buy side from 2020-07-01 (Indian Stamp Act amendment): options 0.003%, futures 0.002%; SEBI fee ₹10/crore; GST 18% on brokerage + exchange + SEBI fee';

function option(
  effectiveFrom: string,
  sttSell: Rate,
  sttExercise: Rate,
  sttSource: string,
): FoChargeSchedule {
  return {
    kind: 'option',
    effectiveFrom,
    source: `${BROKER}; ${EXCHANGE}; ${sttSource}; ${STAMP}; ${SQUARE_OFF}`,
    brokerage: NONE,
    brokerageCapPaise: 2_000n,
    flatBrokerage: true,
    exchangeCharge: rate(3_553, 10_000_000),
    sttOnSell: sttSell,
    sttOnExercise: sttExercise,
    stampDutyOnBuy: rate(3, 100_000),
    sebiFee: SEBI_FEE,
    gst: GST,
    squareOffChargePaise: 5_900n,
  };
}

function future(effectiveFrom: string, sttSell: Rate, sttSource: string): FoChargeSchedule {
  return {
    kind: 'future',
    effectiveFrom,
    source: `${BROKER}; ${EXCHANGE}; ${sttSource}; ${STAMP}; ${SQUARE_OFF}`,
    brokerage: rate(3, 10_000),
    brokerageCapPaise: 2_000n,
    flatBrokerage: false,
    exchangeCharge: rate(183, 10_000_000),
    sttOnSell: sttSell,
    sttOnExercise: NONE,
    stampDutyOnBuy: rate(2, 100_000),
    sebiFee: SEBI_FEE,
    gst: GST,
    squareOffChargePaise: 5_900n,
  };
}

export const FO_CHARGE_SCHEDULES: readonly FoChargeSchedule[] = [
  option('2024-10-01', rate(1, 1_000), rate(125, 100_000), STT_2024),
  option('2026-04-01', rate(15, 10_000), rate(15, 10_000), STT_2026),
  future('2024-10-01', rate(2, 10_000), STT_2024),
  future('2026-04-01', rate(5, 10_000), STT_2026),
];

export function foScheduleFor(kind: FoKind, isoDay: string): FoChargeSchedule {
  return rowInForce(
    FO_CHARGE_SCHEDULES.filter((r) => r.kind === kind),
    isoDay,
  );
}

function applyRate(amountPaise: bigint, r: Rate): bigint {
  // Half-up rounding of a non-negative fraction in integers (the equity code's convention).
  return (amountPaise * r.numerator * 2n + r.denominator) / (2n * r.denominator);
}

/**
 * Charges on one F&O fill of `valuePaise` (premium × units for options, price × units for
 * futures), in paise. DP is equity only; the square-off line is charged on an order the broker
 * placed at the MIS cut-off (`squareOff`).
 */
export function foCharges(args: {
  kind: FoKind;
  side: 'BUY' | 'SELL';
  valuePaise: bigint;
  isoDay: string;
  squareOff?: boolean;
}): FeeBreakdown {
  const { kind, side, valuePaise, isoDay } = args;
  if (valuePaise < 0n) throw new RangeError('Trade value cannot be negative');
  const s = foScheduleFor(kind, isoDay);
  const uncapped = s.flatBrokerage ? s.brokerageCapPaise : applyRate(valuePaise, s.brokerage);
  const brokerage = uncapped < s.brokerageCapPaise ? uncapped : s.brokerageCapPaise;
  const exchangeCharge = applyRate(valuePaise, s.exchangeCharge);
  const stt = side === 'SELL' ? applyRate(valuePaise, s.sttOnSell) : 0n;
  const sebiFee = applyRate(valuePaise, s.sebiFee);
  const gst = applyRate(brokerage + exchangeCharge + sebiFee, s.gst);
  const stampDuty = side === 'BUY' ? applyRate(valuePaise, s.stampDutyOnBuy) : 0n;
  const squareOffCharge = args.squareOff ? s.squareOffChargePaise : 0n;
  return {
    brokerage,
    exchangeCharge,
    stt,
    gst,
    sebiFee,
    stampDuty,
    dpCharge: 0n,
    squareOffCharge,
    total: brokerage + exchangeCharge + stt + gst + sebiFee + stampDuty + squareOffCharge,
  };
}

/** STT on an option exercised at expiry: the rate of the day on its intrinsic value, in paise. */
export function exerciseStt(intrinsicValuePaise: bigint, isoDay: string): bigint {
  if (intrinsicValuePaise <= 0n) return 0n;
  return applyRate(intrinsicValuePaise, foScheduleFor('option', isoDay).sttOnExercise);
}
