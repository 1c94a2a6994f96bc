import { formatRupees, formatSignedInr } from '../../../lib/money-format';
import { greek, indexQuote } from '../lib/chain-format';
import type { PayoffSummary } from '../lib/payoff';
import type { NetGreeks } from '../lib/strategy';

export const UNLIMITED = 'Unlimited';

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex justify-between gap-3 py-1">
      <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
      <dd
        data-testid={testId}
        className="text-right font-semibold tabular-nums text-slate-900 dark:text-white"
      >
        {value}
      </dd>
    </div>
  );
}

/** Max profit and loss at expiry, breakevens, premium and the strategy's Greeks (₹ per unit move). */
export function StrategySummary({
  summary,
  greeks,
  netPremium,
}: {
  summary: PayoffSummary;
  greeks: NetGreeks;
  netPremium: number;
}) {
  return (
    <dl className="text-sm">
      <Row
        label="Max profit"
        testId="max-profit"
        value={summary.maxProfit === null ? UNLIMITED : formatSignedInr(summary.maxProfit)}
      />
      <Row
        label="Max loss"
        testId="max-loss"
        value={summary.maxLoss === null ? UNLIMITED : formatSignedInr(summary.maxLoss)}
      />
      <Row
        label="Breakevens"
        testId="breakevens"
        value={summary.breakevens.length ? summary.breakevens.map(indexQuote).join(', ') : 'None'}
      />
      <Row
        label={netPremium >= 0 ? 'Premium paid' : 'Premium received'}
        value={formatRupees(Math.abs(netPremium))}
      />
      <Row label="Net delta (₹ per point)" testId="net-delta" value={greek(greeks.delta, 2)} />
      <Row label="Net gamma" value={greek(greeks.gamma, 4)} />
      <Row label="Net theta (₹ per day)" value={greek(greeks.theta, 2)} />
      <Row label="Net vega (₹ per vol point)" value={greek(greeks.vega, 2)} />
    </dl>
  );
}
