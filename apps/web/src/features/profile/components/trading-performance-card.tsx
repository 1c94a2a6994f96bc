import { BarChart3 } from 'lucide-react';
import type { TradingStats } from '@nivesh/shared';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatSignedInr } from '../../../lib/money-format';
import { changeTone } from '../../market/lib/format';

const dateFmt = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' });

function Stat({ label, value, detail, tone, testId }: { label: string; value: string; detail?: string; tone?: string; testId: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-900/60">
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className={`mt-1 text-lg font-bold tabular-nums ${tone ?? 'text-slate-900 dark:text-white'}`} data-testid={testId}>
        {value}
      </dd>
      {detail ? <dd className="truncate text-xs text-slate-600 dark:text-slate-300">{detail}</dd> : null}
    </div>
  );
}

/** Total Trades, Win Rate, Realized P&L and Best Trade from the user's own fills. */
export function TradingPerformanceCard({ stats, pending, error }: { stats: TradingStats | undefined; pending: boolean; error: unknown }) {
  return (
    <Card aria-labelledby="trading-performance-title">
      <CardTitle icon={<BarChart3 aria-hidden="true" className="size-5 text-emerald-700" />}>
        <span id="trading-performance-title">Trading Performance</span>
      </CardTitle>
      {pending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <Spinner size="sm" /> Loading trading performance...
        </p>
      ) : error || !stats ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(error, 'Failed to load trading performance')}
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Stat label="Total Trades" value={String(stats.totalTrades)} testId="stat-total-trades" />
            <Stat
              label="Win Rate"
              value={stats.winRate === null ? '—' : `${stats.winRate.toFixed(1)}%`}
              detail={stats.winRate === null ? 'After your first sell' : 'of closing sells'}
              testId="stat-win-rate"
            />
            <Stat label="Realized P&L" value={formatSignedInr(stats.realizedPnL)} tone={changeTone(stats.realizedPnL)} testId="stat-realized-pnl" />
            <Stat
              label="Best Trade"
              value={stats.bestTrade ? formatSignedInr(stats.bestTrade.pnl) : '—'}
              tone={stats.bestTrade ? changeTone(stats.bestTrade.pnl) : undefined}
              detail={stats.bestTrade ? `${stats.bestTrade.symbol} · ${dateFmt.format(new Date(stats.bestTrade.date))}` : 'No closed trade yet'}
              testId="stat-best-trade"
            />
          </dl>
          {stats.totalTrades === 0 ? (
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">No trades yet. Your win rate and profit and loss appear here after your first order.</p>
          ) : null}
        </>
      )}
    </Card>
  );
}
