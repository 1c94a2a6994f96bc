import type { OptionChain } from '@nivesh/shared';
import { formatDateTime } from '../../../lib/date-format';
import { indexLevel, indexQuote } from '../lib/chain-format';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="font-semibold tabular-nums text-slate-900 dark:text-white">{value}</dd>
    </div>
  );
}

/** Spot, the expiry's future, the simulated VIX and the lot size: what every price below is read against. */
export function ChainHeader({ chain }: { chain: OptionChain }) {
  return (
    <div className="space-y-2">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Underlying">
        <Figure label={`${chain.underlying} (spot)`} value={indexQuote(chain.spot)} />
        <Figure label="Future" value={indexQuote(chain.future)} />
        <Figure label="India VIX (simulated)" value={chain.vix.toFixed(2)} />
        <Figure label="Lot size" value={`${chain.lotSize} units`} />
      </dl>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        Priced {formatDateTime(chain.asOf)} · expiry {chain.expiry} ({chain.expiryKind}) · ATM strike{' '}
        {indexLevel(chain.atmStrike)}
      </p>
    </div>
  );
}
