import { Award, BarChart3, Hash, Percent, TrendingDown, TrendingUp } from 'lucide-react';
import type { AccountFigures, TradingStats } from '@nivesh/shared';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { StatCard } from '../../../components/ui/stat-card';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/date-format';
import { formatInrFit, formatSignedInr } from '../../../lib/money-format';
import { changeTone } from '../../market/lib/format';
import { formatPnl, TotalPnlCard } from '../../account/components/total-pnl-card';

/**
 * Total Trades, Win Rate, Realised P&L, Total P&L and Best Trade. Realised and Total P&L are the
 * glossary's figures (at live prices), the same the other money screens show.
 */
export function TradingPerformanceCard({
  stats,
  figures,
  pending,
  error,
}: {
  stats: TradingStats | undefined;
  figures: AccountFigures | undefined;
  pending: boolean;
  error: unknown;
}) {
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
          <div
            role="group"
            aria-label="Trading performance"
            className="grid grid-cols-2 gap-3 sm:grid-cols-3"
          >
            <StatCard
              label="Total Trades"
              info="Every fill on your account: each buy and each sell."
              icon={<Hash aria-hidden="true" className="size-4" />}
              value={stats.totalTrades.toLocaleString('en-IN')}
              testId="stat-total-trades"
            />
            <StatCard
              label="Win Rate"
              info="Sells that made a profit (after fees) as a share of all your sells."
              tone="amber"
              icon={<Percent aria-hidden="true" className="size-4" />}
              value={stats.winRate === null ? '—' : `${stats.winRate.toFixed(1)}%`}
              detail={
                <span className="text-slate-600 dark:text-slate-300">
                  {stats.winRate === null ? 'After your first sell' : 'of closing sells'}
                </span>
              }
              testId="stat-win-rate"
            />
            <StatCard
              figure="realisedPnl"
              tone={stats.realizedPnL < 0 ? 'rose' : 'emerald'}
              icon={
                stats.realizedPnL < 0 ? (
                  <TrendingDown aria-hidden="true" className="size-4" />
                ) : (
                  <TrendingUp aria-hidden="true" className="size-4" />
                )
              }
              value={formatSignedInr(figures?.realisedPnl ?? stats.realizedPnL, formatInrFit)}
              valueClassName={changeTone(figures?.realisedPnl ?? stats.realizedPnL)}
              testId="stat-realized-pnl"
            />
            <TotalPnlCard figures={figures} testId="stat-total-pnl" />
            <StatCard
              figure="bestTrade"
              tone="violet"
              icon={<Award aria-hidden="true" className="size-4" />}
              value={stats.bestTrade ? formatPnl(stats.bestTrade.pnl) : '—'}
              valueClassName={stats.bestTrade ? changeTone(stats.bestTrade.pnl) : undefined}
              detail={
                <span className="block truncate text-slate-600 dark:text-slate-300">
                  {stats.bestTrade
                    ? `${stats.bestTrade.symbol} · ${formatDateTime(stats.bestTrade.date)}`
                    : stats.winRate === null
                      ? 'No closed trade yet'
                      : 'No profitable sale yet'}
                </span>
              }
              testId="stat-best-trade"
            />
          </div>
          {stats.totalTrades === 0 ? (
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
              No trades yet. Your win rate and profit and loss appear here after your first order.
            </p>
          ) : null}
        </>
      )}
    </Card>
  );
}
