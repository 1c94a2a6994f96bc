import { Briefcase, IndianRupee, PieChart, Wallet } from 'lucide-react';
import { formatInr } from '@nivesh/shared';
import { Card } from '../../../components/ui/card';
import { StatCard, StatGrid } from '../../../components/ui/stat-card';
import { errorMessage } from '../../../lib/api-client';
import { formatInrFit, formatSignedInr } from '../../../lib/money-format';
import { usePortfolioSummary } from '../../account/api/account-api';
import { changeTone, formatPercent } from '../../market/lib/format';

/** Total Value, Available Cash, Total Invested and Holdings, as the server values them. */
export function AccountStats() {
  const summary = usePortfolioSummary();
  if (summary.isError) {
    return (
      <Card>
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(summary.error, 'Failed to fetch virtual money data')}
        </p>
      </Card>
    );
  }
  const s = summary.data;
  const dash = '—';
  return (
    <StatGrid label="Account summary">
      <StatCard
        label="Total Value"
        icon={<Briefcase aria-hidden="true" className="size-4" />}
        value={s ? formatInrFit(s.totalValue) : dash}
        title={s ? formatInr(s.totalValue) : undefined}
        testId="total-value"
        detail={s ? <span className="text-slate-600 dark:text-slate-300">Cash + holdings</span> : undefined}
      />
      <StatCard
        label="Available Cash"
        tone="amber"
        icon={<Wallet aria-hidden="true" className="size-4" />}
        value={s ? formatInrFit(s.availableCash) : dash}
        title={s ? formatInr(s.availableCash) : undefined}
        testId="cash-balance"
        detail={<span className="text-slate-600 dark:text-slate-300">Not real money</span>}
      />
      <StatCard
        label="Total Invested"
        tone="sky"
        icon={<IndianRupee aria-hidden="true" className="size-4" />}
        value={s ? formatInrFit(s.totalInvested) : dash}
        title={s ? formatInr(s.totalInvested) : undefined}
        testId="total-invested"
        detail={
          s && s.totalInvested > 0 ? (
            <span className={changeTone(s.totalPnL)}>
              {formatSignedInr(s.totalPnL)} ({formatPercent(s.totalPnLPercentage)})
            </span>
          ) : undefined
        }
      />
      <StatCard
        label="Holdings"
        tone="violet"
        icon={<PieChart aria-hidden="true" className="size-4" />}
        value={s ? s.totalPositions : dash}
        testId="holdings-count"
        detail={s ? <span className="text-slate-600 dark:text-slate-300">Worth {formatInrFit(s.totalCurrentValue)}</span> : undefined}
      />
    </StatGrid>
  );
}
