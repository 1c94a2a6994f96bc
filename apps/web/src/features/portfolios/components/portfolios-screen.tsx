import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueries } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { FIGURES, type Portfolio } from '@nivesh/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useActivePortfolio } from '../../../lib/active-portfolio';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatRupees, formatSignedInr } from '../../../lib/money-format';
import { portfolioSummaryQuery } from '../../account/api/account-api';
import { changeTone } from '../../market/lib/format';
import { CreatePortfolioForm } from './create-portfolio-form';
import { PortfolioComparison } from './portfolio-comparison';
import { ResetPortfolioDialog } from './reset-portfolio-dialog';
import { useInstance } from '../../../lib/instance';

const KIND_TONE: Record<Portfolio['kind'], string> = {
  main: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200',
  custom: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  replay: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  class: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  agent: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
};

/** /portfolios (issue 25): every portfolio's figures, a new one, a reset, and all of them against NIFTY 50. */
export function PortfoliosScreen() {
  const { portfolios, portfolio: active, select } = useActivePortfolio();
  const [params] = useSearchParams();
  const [resetting, setResetting] = useState<Portfolio | null>(null);
  const summaries = useQueries({
    queries: portfolios.map((p) => portfolioSummaryQuery(p.kind === 'main' ? undefined : p.id)),
  });
  const customCount = portfolios.filter((p) => p.kind === 'custom').length;
  const { publicLeaderboard } = useInstance();

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Portfolios</h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Each portfolio has its own cash, orders, holdings and history. The daily reward
          {publicLeaderboard ? ' and the leaderboard count' : ' counts'} Main only.
        </p>
      </div>

      {portfolios.length === 0 ? (
        <Card>
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
            <Spinner size="sm" /> Loading your portfolios...
          </p>
        </Card>
      ) : (
        <ul aria-label="Your portfolios" className="grid gap-4 md:grid-cols-2">
          {portfolios.map((p, i) => {
            const summary = summaries[i]!;
            const figures = summary.data?.figures;
            const isActive = p.id === active?.id;
            return (
              <li key={p.id}>
                <Card
                  aria-labelledby={`portfolio-${p.id}`}
                  className={cn(isActive && 'ring-2 ring-indigo-500')}
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <h2
                      id={`portfolio-${p.id}`}
                      className="text-lg font-semibold text-slate-900 dark:text-white"
                    >
                      {p.name}
                    </h2>
                    <Badge tone={KIND_TONE[p.kind]}>{p.kind}</Badge>
                    <span className="text-xs text-slate-600 dark:text-slate-300">Season {p.season}</span>
                    {isActive ? (
                      <span className="ml-auto text-xs font-semibold text-indigo-700 dark:text-indigo-300">
                        Showing now
                      </span>
                    ) : null}
                  </div>
                  {summary.isError ? (
                    <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
                      {errorMessage(summary.error, 'Could not load its figures')}
                    </p>
                  ) : (
                    <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
                      <div>
                        <dt className="text-slate-600 dark:text-slate-300">{FIGURES.totalValue.name}</dt>
                        <dd className="text-lg font-semibold tabular-nums text-slate-900 dark:text-white">
                          {figures ? formatRupees(figures.totalValue) : '…'}
                        </dd>
                      </div>
                      <div>
                        <dt className="text-slate-600 dark:text-slate-300">{FIGURES.totalPnl.name}</dt>
                        <dd
                          className={cn(
                            'text-lg font-semibold tabular-nums',
                            figures && changeTone(figures.totalPnl),
                          )}
                        >
                          {figures ? formatSignedInr(figures.totalPnl) : '…'}
                        </dd>
                      </div>
                    </dl>
                  )}
                  <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">
                    Started with {formatRupees(p.startingCash)}
                  </p>
                  <div className="mt-4 flex flex-wrap gap-2">
                    {isActive ? null : (
                      <Button size="sm" variant="secondary" onClick={() => select(p.id)}>
                        Switch to {p.name}
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="ghost"
                      icon={<RotateCcw aria-hidden="true" className="size-4" />}
                      aria-label={`Reset ${p.name}`}
                      onClick={() => setResetting(p)}
                      // The server refuses it: a class portfolio runs for the whole class.
                      disabled={p.kind === 'class'}
                      title={p.kind === 'class' ? 'A class portfolio cannot be reset' : undefined}
                    >
                      Reset
                    </Button>
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}

      <CreatePortfolioForm
        customCount={customCount}
        autoFocus={params.get('new') === '1'}
        onCreated={(id) => select(id)}
      />

      {portfolios.length > 0 ? <PortfolioComparison portfolios={portfolios} /> : null}

      <ResetPortfolioDialog portfolio={resetting} onClose={() => setResetting(null)} />
    </div>
  );
}
