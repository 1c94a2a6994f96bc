import type { OptionMargin } from '@nivesh/shared';
import { Spinner } from '../../../components/ui/spinner';
import { formatRupees } from '../../../lib/money-format';
import type { StrategyCosts } from '../lib/costs';

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-3 py-0.5">
      <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className={strong ? 'font-semibold tabular-nums text-slate-900 dark:text-white' : 'tabular-nums'}>
        {value}
      </dd>
    </div>
  );
}

/** The margin the server asks for these legs, and what a round trip costs against the premium. */
export function MarginCosts({
  margin,
  loading,
  error,
  costs,
}: {
  margin: OptionMargin | undefined;
  loading: boolean;
  error: string | null;
  costs: StrategyCosts;
}) {
  return (
    <div className="grid gap-4 text-sm sm:grid-cols-2">
      <section aria-label="Margin">
        <h3 className="mb-1 font-semibold text-slate-900 dark:text-white">Margin (SPAN-like)</h3>
        {loading && !margin ? <Spinner size="sm" /> : null}
        {error ? (
          <p role="alert" className="text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : null}
        {margin ? (
          <dl>
            <Line label="SPAN" value={formatRupees(margin.span)} />
            <Line label="Exposure" value={formatRupees(margin.exposure)} />
            <Line label="Premium (bought legs)" value={formatRupees(margin.premium)} />
            <Line label="Total needed" value={formatRupees(margin.total)} strong />
          </dl>
        ) : null}
      </section>
      <section aria-label="Costs">
        <h3 className="mb-1 font-semibold text-slate-900 dark:text-white">Costs, in and out</h3>
        <dl>
          <Line label="Premium turnover" value={formatRupees(costs.premium)} />
          <Line label="Charges for a round trip" value={formatRupees(costs.roundTrip)} />
          <Line
            label="Share of the premium"
            value={costs.share === null ? '—' : `${(costs.share * 100).toFixed(2)}%`}
            strong
          />
        </dl>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          Brokerage, STT, exchange, SEBI, stamp and GST for buying and selling each leg at today’s premium.
        </p>
      </section>
    </div>
  );
}
