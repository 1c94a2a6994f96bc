import { dayNumberToDate, istDayNumber } from '../market/session-clock.js';
import type { FeeSchedule } from './fees.js';
import { DEFAULT_PRODUCT, type Product } from './product.js';

/**
 * Indian charges as dated data: one row per (product, segment, exchange) from `effectiveFrom`
 * (an IST date) until a later row of the same key takes over, each with the circular or page it
 * comes from. A fill is charged by the row in force on its IST trade date and stores every line it
 * paid, so a later row never changes an old fill. Statutory lines are the same at every broker;
 * brokerage is the broker's plan and lives in BROKERAGE_PLANS.
 */
export interface Rate {
  numerator: bigint;
  denominator: bigint;
}

export const rate = (numerator: number, denominator: number): Rate => ({
  numerator: BigInt(numerator),
  denominator: BigInt(denominator),
});

export const CHARGE_EXCHANGES = ['NSE', 'BSE'] as const;
export type ChargeExchange = (typeof CHARGE_EXCHANGES)[number];

export interface ChargeSchedule {
  product: Product;
  segment: 'EQ';
  exchange: ChargeExchange;
  /** IST date (YYYY-MM-DD) from which the row applies. */
  effectiveFrom: string;
  source: string;
  exchangeCharge: Rate;
  sttOnBuy: Rate;
  sttOnSell: Rate;
  stampDutyOnBuy: Rate;
  sebiFee: Rate;
  /** GST on brokerage + exchange charge + SEBI fee. */
  gst: Rate;
  /** Per scrip per sell day, GST included. */
  dpChargePaise: bigint;
  /** Per position the broker squares off at the intraday cut-off, GST included. */
  squareOffChargePaise: bigint;
}

/** NSE transaction charge 0.00297% plus the Investor Protection Fund Trust's ₹10 per crore (0.0001%). */
const NSE_TRANSACTION = rate(307, 10_000_000);
/** BSE equity cash transaction charge 0.00375%. */
const BSE_TRANSACTION = rate(375, 10_000_000);
const NONE = rate(0, 1);
/** SEBI turnover fee ₹10 per crore. */
const SEBI_FEE = rate(1, 1_000_000);
const GST = rate(18, 100);

const EXCHANGE_SOURCE: Record<ChargeExchange, string> = {
  NSE: 'NSE circular NSE/FA/64232 (transaction charge 0.00297% + IPFT ₹10/crore, from 2024-10-01)',
  BSE: 'BSE equity transaction charge 0.00375% under the SEBI uniform-charges rule from 2024-10-01 (zerodha.com/charges)',
};
const STATUTORY_SOURCE =
  'STT: Finance (No. 2) Act 2004 as amended; stamp duty: Indian Stamp Act rates from 2020-07-01; SEBI fee ₹10/crore; GST 18% on brokerage + exchange + SEBI fee (zerodha.com/charges)';

function delivery(exchange: ChargeExchange): ChargeSchedule {
  return {
    product: 'CNC',
    segment: 'EQ',
    exchange,
    effectiveFrom: '2024-10-01',
    source: `${EXCHANGE_SOURCE[exchange]}; ${STATUTORY_SOURCE}; DP charge ₹13 + 18% GST = ₹15.34 per scrip per sell day (zerodha.com/charges)`,
    exchangeCharge: exchange === 'NSE' ? NSE_TRANSACTION : BSE_TRANSACTION,
    sttOnBuy: rate(1, 1_000), // 0.1%
    sttOnSell: rate(1, 1_000), // 0.1%
    stampDutyOnBuy: rate(15, 100_000), // 0.015%
    sebiFee: SEBI_FEE,
    gst: GST,
    dpChargePaise: 1_534n,
    squareOffChargePaise: 0n,
  };
}

function intraday(exchange: ChargeExchange): ChargeSchedule {
  return {
    product: 'MIS',
    segment: 'EQ',
    exchange,
    effectiveFrom: '2024-10-01',
    source: `${EXCHANGE_SOURCE[exchange]}; ${STATUTORY_SOURCE}; square-off ₹50 + 18% GST = ₹59 per position closed at the cut-off (support.zerodha.com)`,
    exchangeCharge: exchange === 'NSE' ? NSE_TRANSACTION : BSE_TRANSACTION,
    sttOnBuy: NONE,
    sttOnSell: rate(25, 100_000), // 0.025%
    stampDutyOnBuy: rate(3, 100_000), // 0.003%
    sebiFee: SEBI_FEE,
    gst: GST,
    dpChargePaise: 0n,
    squareOffChargePaise: 5_900n,
  };
}

/**
 * Every row, oldest first within a key. Nivesh holds no fill before 2024-10-01, so one row per
 * key is enough today; a rate change is a new row with its own date, never an edit.
 */
export const CHARGE_SCHEDULES: readonly ChargeSchedule[] = [
  delivery('NSE'),
  delivery('BSE'),
  intraday('NSE'),
  intraday('BSE'),
];

/** The broker's brokerage plans (env BROKERAGE_PLAN); statutory lines do not depend on them. */
export const BROKERAGE_PLANS = ['discount', 'zero'] as const;
export type BrokeragePlan = (typeof BROKERAGE_PLANS)[number];
export const DEFAULT_BROKERAGE_PLAN: BrokeragePlan = 'discount';

export interface BrokerageTerms {
  plan: BrokeragePlan;
  product: Product;
  effectiveFrom: string;
  source: string;
  brokerage: Rate;
  capPaise: bigint;
}

const SPEC_BROKERAGE =
  'Nivesh spec: the local trade engine charges 0.1% capped at ₹20 (a discount broker’s plan)';
export const BROKERAGE_SCHEDULES: readonly BrokerageTerms[] = [
  {
    plan: 'discount',
    product: 'CNC',
    effectiveFrom: '2024-10-01',
    source: SPEC_BROKERAGE,
    brokerage: rate(1, 1_000),
    capPaise: 2_000n,
  },
  {
    plan: 'discount',
    product: 'MIS',
    effectiveFrom: '2024-10-01',
    source: SPEC_BROKERAGE,
    brokerage: rate(1, 1_000),
    capPaise: 2_000n,
  },
  {
    plan: 'zero',
    product: 'CNC',
    effectiveFrom: '2024-10-01',
    source: 'Zero-brokerage delivery, as Zerodha charges it (zerodha.com/charges)',
    brokerage: NONE,
    capPaise: 0n,
  },
  {
    plan: 'zero',
    product: 'MIS',
    effectiveFrom: '2024-10-01',
    source: SPEC_BROKERAGE,
    brokerage: rate(1, 1_000),
    capPaise: 2_000n,
  },
];

/**
 * The row of `rows` in force on `dateIso`: the latest effectiveFrom on or before it. A date before
 * every row (a replay of a 2020 day, or a test clock set in the past) gets the earliest row.
 */
function inForce<T extends { effectiveFrom: string }>(rows: readonly T[], dateIso: string, what: string): T {
  if (rows.length === 0) throw new RangeError(`No ${what}`);
  const sorted = [...rows].sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
  let pick = sorted[0]!;
  for (const row of sorted) if (row.effectiveFrom <= dateIso) pick = row;
  return pick;
}

export function chargeScheduleFor(
  product: Product,
  exchange: ChargeExchange,
  dateIso: string,
): ChargeSchedule {
  const rows = CHARGE_SCHEDULES.filter((r) => r.product === product && r.exchange === exchange);
  return inForce(rows, dateIso, `charge schedule for ${product} on ${exchange}`);
}

export function brokerageFor(plan: BrokeragePlan, product: Product, dateIso: string): BrokerageTerms {
  const rows = BROKERAGE_SCHEDULES.filter((r) => r.plan === plan && r.product === product);
  return inForce(rows, dateIso, `brokerage for ${product} on the ${plan} plan`);
}

/** The whole schedule computeFees applies to a fill of `product` on `exchange` traded on `dateIso`. */
export function scheduleFor(
  product: Product,
  exchange: ChargeExchange,
  dateIso: string,
  plan: BrokeragePlan = DEFAULT_BROKERAGE_PLAN,
): FeeSchedule {
  const charges = chargeScheduleFor(product, exchange, dateIso);
  const broker = brokerageFor(plan, product, dateIso);
  return {
    name: `${product} ${exchange} ${charges.effectiveFrom} (${plan})`,
    brokerage: broker.brokerage,
    brokerageCapPaise: broker.capPaise,
    exchangeCharge: charges.exchangeCharge,
    sttOnBuy: charges.sttOnBuy,
    sttOnSell: charges.sttOnSell,
    gst: charges.gst,
    sebiFee: charges.sebiFee,
    stampDutyOnBuy: charges.stampDutyOnBuy,
    dpChargePaise: charges.dpChargePaise,
    squareOffChargePaise: charges.squareOffChargePaise,
  };
}

/** The IST calendar date (YYYY-MM-DD) of a moment: the trade date a schedule is picked by. */
export function istTradeDate(ms: number): string {
  return dayNumberToDate(istDayNumber(ms));
}

/** What a caller that knows only the side and value estimates with: delivery on NSE, default plan, today. */
export function defaultFeeSchedule(nowMs: number = Date.now()): FeeSchedule {
  return scheduleFor(DEFAULT_PRODUCT, 'NSE', istTradeDate(nowMs));
}

/** A rate as a percentage for display (0.00307 for NSE's 307 / 10,000,000). */
export function ratePercent(r: Rate): number {
  return r.denominator === 0n ? 0 : Number((r.numerator * 10_000_000_000n) / r.denominator) / 100_000_000;
}
