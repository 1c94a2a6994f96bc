import { ArrowLeftRight, CheckCircle2, IndianRupee, ShoppingCart, TrendingDown } from 'lucide-react';
import type { TransactionSummary } from '@nivesh/shared';
import { StatCard, StatGrid } from '../../../components/ui/stat-card';
import { formatInrFit, formatRupees } from '../../../lib/money-format';
import { plural } from '../../../lib/plural';

/** The five summary figures of the rows the filters keep; dashes while loading. */
export function HistorySummaryStats({ summary }: { summary: TransactionSummary | undefined }) {
  return (
    <StatGrid label="Transaction summary" columns={5}>
      <StatCard
        label="Total Transactions"
        info="Every row the filters keep: fills, pending orders, failed orders and daily rewards."
        icon={<ArrowLeftRight aria-hidden="true" className="size-4" />}
        value={summary ? summary.totalTransactions.toLocaleString('en-IN') : '—'}
        testId="history-total"
      />
      <StatCard
        figure="invested"
        tone="sky"
        icon={<IndianRupee aria-hidden="true" className="size-4" />}
        value={summary ? formatInrFit(summary.totalInvested) : '—'}
        title={summary ? formatRupees(summary.totalInvested) : undefined}
        testId="history-invested"
      />
      <StatCard
        figure="totalBought"
        tone="indigo"
        icon={<ShoppingCart aria-hidden="true" className="size-4" />}
        value={summary ? formatInrFit(summary.totalBought) : '—'}
        title={summary ? formatRupees(summary.totalBought) : undefined}
        testId="history-bought"
      />
      <StatCard
        figure="totalSold"
        tone="violet"
        icon={<TrendingDown aria-hidden="true" className="size-4" />}
        value={summary ? formatInrFit(summary.totalSold) : '—'}
        title={summary ? formatRupees(summary.totalSold) : undefined}
        testId="history-sold"
        detail={
          summary && summary.totalFees > 0 ? (
            <span className="text-slate-600 dark:text-slate-300">
              Fees paid {formatRupees(summary.totalFees)}
            </span>
          ) : undefined
        }
      />
      <StatCard
        figure="successRate"
        tone="emerald"
        icon={<CheckCircle2 aria-hidden="true" className="size-4" />}
        value={summary && summary.successRate !== null ? `${summary.successRate.toFixed(1)}%` : '—'}
        testId="history-success-rate"
        detail={
          summary ? (
            <span className="text-slate-600 dark:text-slate-300" data-testid="history-success-rate-meaning">
              {summary.finishedOrders === 0
                ? 'No finished orders yet'
                : `${summary.filledOrders.toLocaleString('en-IN')} filled of ${plural(summary.finishedOrders, 'finished order')}`}
            </span>
          ) : undefined
        }
      />
    </StatGrid>
  );
}
