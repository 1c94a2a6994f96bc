import { Briefcase, IndianRupee, PieChart, Wallet } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { FigureLine, StatCard, StatGrid } from '../../../components/ui/stat-card';
import { errorMessage } from '../../../lib/api-client';
import { formatInrFit, formatRupees, formatSignedInr } from '../../../lib/money-format';
import { useLiveFigures } from '../../account/api/use-live-figures';
import { changeTone } from '../../market/lib/format';

/** Total Value, Available Cash, Invested and Holdings: the glossary's figures at live prices. */
export function AccountStats() {
  const { figures: f, summary } = useLiveFigures();
  if (summary.isError) {
    return (
      <Card>
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(summary.error, 'Failed to fetch virtual money data')}
        </p>
      </Card>
    );
  }
  const dash = '—';
  return (
    <StatGrid label="Account summary">
      <StatCard
        figure="totalValue"
        icon={<Briefcase aria-hidden="true" className="size-4" />}
        value={f ? formatInrFit(f.totalValue) : dash}
        title={f ? formatRupees(f.totalValue) : undefined}
        testId="total-value"
        detail={f ? <FigureLine figure="reserved" value={formatInrFit(f.reserved)} /> : undefined}
      />
      <StatCard
        figure="availableCash"
        tone="amber"
        icon={<Wallet aria-hidden="true" className="size-4" />}
        value={f ? formatInrFit(f.availableCash) : dash}
        title={f ? formatRupees(f.availableCash) : undefined}
        testId="cash-balance"
        detail={<span className="text-slate-600 dark:text-slate-300">Not real money</span>}
      />
      <StatCard
        figure="invested"
        tone="sky"
        icon={<IndianRupee aria-hidden="true" className="size-4" />}
        value={f ? formatInrFit(f.invested) : dash}
        title={f ? formatRupees(f.invested) : undefined}
        testId="total-invested"
        detail={
          f ? (
            <FigureLine
              figure="unrealisedPnl"
              value={formatSignedInr(f.unrealisedPnl, formatInrFit)}
              valueClassName={changeTone(f.unrealisedPnl)}
            />
          ) : undefined
        }
      />
      <StatCard
        figure="holdings"
        tone="violet"
        icon={<PieChart aria-hidden="true" className="size-4" />}
        value={f ? f.holdings : dash}
        testId="holdings-count"
        detail={f ? <FigureLine figure="holdingsValue" value={formatInrFit(f.holdingsValue)} /> : undefined}
      />
    </StatGrid>
  );
}
