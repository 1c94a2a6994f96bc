/**
 * The one fee schedule, used for the order-form estimate and the actual fill so
 * the estimate equals the charge. Rates are exact fractions; every line is computed in integer
 * paise and rounded half-up to the paisa on its own, as a contract note itemises it.
 */
export interface Rate {
  numerator: bigint;
  denominator: bigint;
}

export interface FeeSchedule {
  name: string;
  brokerage: Rate;
  brokerageCapPaise: bigint;
  exchangeCharge: Rate;
  sttOnSell: Rate;
  gstOnBrokerageAndExchange: Rate;
  sebiFee: Rate;
  stampDutyOnBuy: Rate;
}

const rate = (numerator: number, denominator: number): Rate => ({
  numerator: BigInt(numerator),
  denominator: BigInt(denominator),
});

/** An Indian discount broker's intraday charges, as a local trade engine would apply them. */
export const DEFAULT_FEE_SCHEDULE: FeeSchedule = {
  name: 'intraday',
  brokerage: rate(1, 1_000), // 0.1%
  brokerageCapPaise: 2_000n, // ₹20
  exchangeCharge: rate(345, 10_000_000), // 0.00345%
  sttOnSell: rate(25, 100_000), // 0.025%
  gstOnBrokerageAndExchange: rate(18, 100), // 18%
  sebiFee: rate(1, 1_000_000), // 0.0001%
  stampDutyOnBuy: rate(3, 100_000), // 0.003%
};

export interface FeeBreakdown {
  brokerage: bigint;
  exchangeCharge: bigint;
  stt: bigint;
  gst: bigint;
  sebiFee: bigint;
  stampDuty: bigint;
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
];

function applyRate(amountPaise: bigint, r: Rate): bigint {
  // Half-up rounding of a non-negative fraction in integers.
  return (amountPaise * r.numerator * 2n + r.denominator) / (2n * r.denominator);
}

export function computeFees(
  side: 'BUY' | 'SELL',
  tradeValuePaise: bigint,
  schedule: FeeSchedule = DEFAULT_FEE_SCHEDULE,
): FeeBreakdown {
  if (tradeValuePaise < 0n) throw new RangeError('Trade value cannot be negative');
  const uncapped = applyRate(tradeValuePaise, schedule.brokerage);
  const brokerage = uncapped < schedule.brokerageCapPaise ? uncapped : schedule.brokerageCapPaise;
  const exchangeCharge = applyRate(tradeValuePaise, schedule.exchangeCharge);
  const stt = side === 'SELL' ? applyRate(tradeValuePaise, schedule.sttOnSell) : 0n;
  const gst = applyRate(brokerage + exchangeCharge, schedule.gstOnBrokerageAndExchange);
  const sebiFee = applyRate(tradeValuePaise, schedule.sebiFee);
  const stampDuty = side === 'BUY' ? applyRate(tradeValuePaise, schedule.stampDutyOnBuy) : 0n;
  return {
    brokerage,
    exchangeCharge,
    stt,
    gst,
    sebiFee,
    stampDuty,
    total: brokerage + exchangeCharge + stt + gst + sebiFee + stampDuty,
  };
}
