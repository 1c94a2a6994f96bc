import type { Rate } from '../trading/fees.js';

/**
 * Tax on gains from listed equity shares sold on an exchange (STT paid), as dated data. A rate
 * applies by the SELL date (the date of transfer); the long-term exemption is a yearly allowance,
 * taken from the schedule in force on the last day of the financial year (so 2024-25, the year
 * the Finance (No. 2) Act 2024 changed it mid-year, has the ₹1.25 lakh allowance, as the Act says).
 * Rates are before surcharge and the 4% health and education cess.
 */
export interface CapitalGainsTaxRates {
  /** First IST date (inclusive) this schedule applies to. */
  effectiveFrom: string;
  /** Short-term gains, s.111A (held 12 months or less). */
  stcgRate: Rate;
  /** Long-term gains above the exemption, s.112A (held more than 12 months). */
  ltcgRate: Rate;
  /** Long-term gains exempt each financial year, in paise. */
  ltcgExemptionPaise: bigint;
  /** Where the figures come from. */
  source: string;
}

const pct = (numerator: number, denominator: number): Rate => ({
  numerator: BigInt(numerator),
  denominator: BigInt(denominator),
});

/** Oldest first; each entry holds until the next one's `effectiveFrom`. */
export const CAPITAL_GAINS_TAX_RATES: readonly CapitalGainsTaxRates[] = [
  {
    effectiveFrom: '2018-04-01',
    stcgRate: pct(15, 100),
    ltcgRate: pct(10, 100),
    ltcgExemptionPaise: 1_00_000_00n,
    source:
      'Income-tax Act 1961 s.111A (15%) and s.112A (10% above ₹1 lakh), inserted by the Finance Act 2018; https://incometaxindia.gov.in',
  },
  {
    effectiveFrom: '2024-07-23',
    stcgRate: pct(20, 100),
    ltcgRate: pct(125, 1000),
    ltcgExemptionPaise: 1_25_000_00n,
    source:
      'Finance (No. 2) Act 2024, amending s.111A (20%) and s.112A (12.5% above ₹1.25 lakh) for transfers on or after 23 July 2024; https://incometaxindia.gov.in',
  },
];

/** Holding for more than this many months makes a listed share long-term (s.2(42A)). */
export const LONG_TERM_AFTER_MONTHS = 12;

/** What the report says about intraday gains instead of inventing a slab rate. */
export const INTRADAY_TAX_NOTE =
  'Intraday (bought and sold the same day) is speculative business income, taxed at your income-tax slab rate; it is not estimated here.';

/** The schedule in force on an IST date ('YYYY-MM-DD'). */
export function capitalGainsRatesOn(date: string): CapitalGainsTaxRates {
  let found: CapitalGainsTaxRates | undefined;
  for (const schedule of CAPITAL_GAINS_TAX_RATES) if (schedule.effectiveFrom <= date) found = schedule;
  if (!found)
    throw new RangeError(`No capital-gains tax rates before ${CAPITAL_GAINS_TAX_RATES[0]!.effectiveFrom}`);
  return found;
}
