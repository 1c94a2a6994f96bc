import type { Underlying } from './options.schema.js';

/**
 * The index derivative contracts as dated data: a row applies from `effectiveFrom` (an IST date)
 * until a later row of the same underlying takes over. Nivesh's simulated market starts trading
 * options with the 2026 specifications, so each underlying has one row today and that first row
 * also applies to any earlier date (a replay or a test clock set in the past); a lot-size change is
 * a new row with its own date, never an edit.
 */
export interface OptionContractRow {
  underlying: Underlying;
  /** IST date (YYYY-MM-DD) from which the row applies. */
  effectiveFrom: string;
  /** Units per lot. */
  lotSize: number;
  /** Rupees between listed strikes. */
  strikeStep: number;
  /** Weekly expiries listed besides the monthly ones. */
  weekly: boolean;
  /** 0 = Sunday … 6 = Saturday: the weekday of every expiry (monthly = the month's last one). */
  expiryWeekday: number;
  /** The simulated market's symbol of the index the contract settles on. */
  indexSymbol: 'NIFTY50' | 'NIFTYBANK';
  source: string;
}

const LOT_SOURCE =
  'NSE lot-size revision (circular effective 2025-10-28; applies from the Jan-2026 expiries): NIFTY 75 → 65, BANKNIFTY → 30 [NDTV Profit, Ventura, BFSI Updates summaries]';
const EXPIRY_SOURCE =
  'SEBI one-weekly-benchmark rule (circular SEBI/HO/MRD/TPD-1/P/CIR/2024/132) and NSE expiry-day change to Tuesday from 2025-09-01: weekly options only on NIFTY; monthly on the last Tuesday [Business Standard, Sahi, NiftyTrader]';

export const OPTION_CONTRACT_ROWS: readonly OptionContractRow[] = [
  {
    underlying: 'NIFTY',
    effectiveFrom: '2026-01-01',
    lotSize: 65,
    strikeStep: 50,
    weekly: true,
    expiryWeekday: 2,
    indexSymbol: 'NIFTY50',
    source: `${LOT_SOURCE}; ${EXPIRY_SOURCE}; strike interval 50 for near-month NIFTY strikes (NSE contract specification)`,
  },
  {
    underlying: 'BANKNIFTY',
    effectiveFrom: '2026-01-01',
    lotSize: 30,
    strikeStep: 100,
    weekly: false,
    expiryWeekday: 2,
    indexSymbol: 'NIFTYBANK',
    source: `${LOT_SOURCE}; ${EXPIRY_SOURCE}; strike interval 100 for BANKNIFTY (NSE contract specification)`,
  },
];

/** The latest row of `rows` on or before `isoDay`; before every row, the earliest (see above). */
export function rowInForce<T extends { effectiveFrom: string }>(rows: readonly T[], isoDay: string): T {
  const sorted = [...rows].sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
  const first = sorted[0];
  if (!first) throw new RangeError('No dated rows');
  let pick = first;
  for (const row of sorted) if (row.effectiveFrom <= isoDay) pick = row;
  return pick;
}

/** The contract row in force for `underlying` on the IST day `isoDay`. */
export function contractOn(underlying: Underlying, isoDay: string): OptionContractRow {
  return rowInForce(
    OPTION_CONTRACT_ROWS.filter((r) => r.underlying === underlying),
    isoDay,
  );
}

/** A dated annual rate (continuously compounded in the pricing), with where it comes from. */
export interface DatedRate {
  effectiveFrom: string;
  /** Annual, as a fraction (0.055 = 5.5%). */
  rate: number;
  source: string;
}

/**
 * The risk-free rate the simulated futures and options are priced with. Assumption: the RBI repo
 * rate stood at 5.5% from 2025-06-06 and 5.25% after the December 2025 policy; the model uses the
 * repo rate as the risk-free rate (T-bill yields sit near it). Not re-verified against RBI.
 */
export const RISK_FREE_RATE: readonly DatedRate[] = [
  {
    effectiveFrom: '2025-06-06',
    rate: 0.055,
    source: 'RBI repo rate 5.50% (MPC, June 2025) — an assumption from public reporting, not re-verified',
  },
  {
    effectiveFrom: '2025-12-05',
    rate: 0.0525,
    source: 'RBI repo rate 5.25% (MPC, December 2025) — an assumption from public reporting, not re-verified',
  },
];

/**
 * The index dividend yield used for the cost of carry. Assumption: NIFTY 50's trailing dividend
 * yield has run near 1.2–1.4% in 2024–26 (NSE publishes it daily); BANKNIFTY's is lower but one
 * figure keeps the model simple.
 */
export const DIVIDEND_YIELD: readonly DatedRate[] = [
  {
    effectiveFrom: '2025-01-01',
    rate: 0.013,
    source:
      'NIFTY 50 dividend yield about 1.3% (NSE index factsheets, 2025) — a model assumption for both indices',
  },
];

export function riskFreeRateOn(isoDay: string): number {
  return rowInForce(RISK_FREE_RATE, isoDay).rate;
}

export function dividendYieldOn(isoDay: string): number {
  return rowInForce(DIVIDEND_YIELD, isoDay).rate;
}

/**
 * NSE moves an expiry that falls on a trading holiday to the previous trading day. Nivesh has no
 * exchange holiday calendar yet, so every expiry is the weekday itself: only weekends are
 * non-trading days in the simulator, and an expiry weekday is never a weekend.
 */
export const EXPIRY_HOLIDAY_NOTE =
  'An expiry on an exchange holiday moves to the previous trading day; Nivesh has no holiday calendar yet, so expiries fall on the weekday itself (only weekends are closed).';
