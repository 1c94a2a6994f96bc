import type { ReplayScore } from '@nivesh/shared';
import { MINUS } from '../../../lib/money-format';

/** A percent with its direction: +1.25%, −0.40%, 0.00%. */
export function formatSignedPercent(value: number): string {
  const sign = value > 0 ? '+' : value < 0 ? MINUS : '';
  return `${sign}${Math.abs(value).toFixed(2)}%`;
}

/** A fall shown as the fall it is: a drawdown of 3.2 reads −3.20%. */
export function formatDrawdown(value: number): string {
  return value === 0 ? '0.00%' : `${MINUS}${Math.abs(value).toFixed(2)}%`;
}

export interface ScoreLine {
  key: string;
  label: string;
  /** The figure, or null when the score has none (then `missingReason` says why). */
  value: number | null;
  format: (value: number) => string;
  explanation: string;
  missingReason?: string;
}

/** The score card's five lines, in the words of the score's contract. */
export function scoreLines(score: ReplayScore, formatMoney: (rupees: number) => string): ScoreLine[] {
  return [
    {
      key: 'return',
      label: 'Your return',
      value: score.returnPercent,
      format: formatSignedPercent,
      explanation: '(Final value − starting cash) ÷ starting cash, charges included.',
    },
    {
      key: 'buy-and-hold',
      label: 'Buy & hold (same stocks)',
      value: score.buyAndHoldPercent,
      format: formatSignedPercent,
      explanation:
        'The stocks you traded, in equal weights, bought at the first minute’s price and held to the end, before charges.',
      missingReason: 'Nothing was traded, so there are no stocks to hold.',
    },
    {
      key: 'nifty',
      label: 'NIFTY 50',
      value: score.niftyPercent,
      format: formatSignedPercent,
      explanation: 'The NIFTY 50 index from the first minute to the end.',
      missingReason: 'The replay’s market has no NIFTY 50 prices for this stretch.',
    },
    {
      key: 'charges',
      label: 'Charges paid',
      value: score.chargesPaid,
      format: formatMoney,
      explanation: 'Every charge of the replay, the closing sells included.',
    },
    {
      key: 'drawdown',
      label: 'Max drawdown',
      value: score.maxDrawdownPercent,
      format: formatDrawdown,
      explanation:
        'The largest fall of your portfolio’s value from a peak, checked every 5 minutes and at every fill.',
    },
  ];
}
