import type { FigureKey, Replay } from '@nivesh/shared';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { StatCard, StatGrid } from '../../../components/ui/stat-card';
import { errorMessage } from '../../../lib/api-client';
import { formatInrFit, formatSignedInr } from '../../../lib/money-format';
import { useReplayPortfolio } from '../api/replay-trading-api';
import { ReplayOrdersTable } from './replay-orders-table';
import { pnlClass, ReplayPositionsTable } from './replay-positions-table';

const MONEY = [
  'totalValue',
  'availableCash',
  'reserved',
  'invested',
  'holdingsValue',
] as const satisfies readonly FigureKey[];
const PNL = ['unrealisedPnl', 'realisedPnl', 'totalPnl'] as const satisfies readonly FigureKey[];

/** The replay's own portfolio at its clock: the glossary's figures, charges, positions and orders. */
export function ReplayPortfolioPanel({ replay }: { replay: Replay }) {
  const portfolio = useReplayPortfolio(replay);
  if (replay.portfolioId === null) return null;
  const p = portfolio.data;
  return (
    <Card className="min-w-0 space-y-4" aria-label="Replay portfolio">
      <CardTitle>Replay portfolio</CardTitle>
      {portfolio.isError && !p ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorMessage(portfolio.error, 'Could not load the replay’s portfolio')}
        </p>
      ) : !p ? (
        <Spinner />
      ) : (
        <>
          <StatGrid label="Replay portfolio figures">
            {MONEY.map((key) => (
              <StatCard key={key} figure={key} value={formatInrFit(p.figures[key])} />
            ))}
            {PNL.map((key) => {
              const value = p.figures[key];
              return (
                <StatCard
                  key={key}
                  figure={key}
                  value={formatSignedInr(value, formatInrFit)}
                  valueClassName={pnlClass(value)}
                />
              );
            })}
            <StatCard
              label="Charges paid"
              info="Every charge paid in this replay so far: brokerage, taxes and exchange fees."
              value={formatInrFit(p.chargesPaid)}
              testId="replay-charges-paid"
            />
          </StatGrid>
          <p className="text-xs text-slate-600 dark:text-slate-300">
            Started with {formatInrFit(p.startingCash)}; figures at the replay’s prices.
          </p>
          <section aria-labelledby="replay-positions-title" className="space-y-2">
            <h3 id="replay-positions-title" className="font-semibold text-slate-900 dark:text-white">
              Positions
            </h3>
            <ReplayPositionsTable positions={p.positions} />
          </section>
          <section aria-labelledby="replay-orders-title" className="space-y-2">
            <h3 id="replay-orders-title" className="font-semibold text-slate-900 dark:text-white">
              Orders
            </h3>
            <ReplayOrdersTable replay={replay} portfolioId={p.portfolioId} orders={p.orders} />
          </section>
        </>
      )}
    </Card>
  );
}
