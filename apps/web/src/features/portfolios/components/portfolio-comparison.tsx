import { useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { LineChart } from 'lucide-react';
import { PERFORMANCE_RANGES, type PerformanceRange, type Portfolio } from '@nivesh/shared';
import { Card, CardTitle } from '../../../components/ui/card';
import { ToggleGroup } from '../../../components/ui/toggle-group';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { MINUS, MISSING } from '../../../lib/money-format';
import { performanceQuery } from '../../account/api/account-api';
import { changeTone, formatPercent } from '../../market/lib/format';
import { chartScale, returnSeries, versusNifty, type ReturnPoint } from '../lib/comparison';

const WIDTH = 600;
const HEIGHT = 200;
// Colour-blind-safe hues, distinct in light and dark; NIFTY 50 is always the dashed grey line.
const COLOURS = ['#4f46e5', '#d97706', '#059669', '#db2777', '#0891b2', '#7c3aed'];
const NIFTY_COLOUR = '#64748b';

const pct = (value: number | null) => (value === null ? MISSING : formatPercent(value));

/**
 * Side by side (issue 25): each portfolio's return over the range from its own equity snapshots,
 * and NIFTY 50's over the same span, from the same performance endpoint. The chart is percent
 * change from each series' first day; the table is what a screen reader gets.
 */
export function PortfolioComparison({ portfolios }: { portfolios: Portfolio[] }) {
  const [range, setRange] = useState<PerformanceRange>('1M');
  const results = useQueries({
    queries: portfolios.map((p) => performanceQuery(range, p.kind === 'main' ? undefined : p.id)),
  });
  const rows = portfolios.map((p, i) => ({ portfolio: p, result: results[i]!, colour: COLOURS[i % 6]! }));
  const series = rows.map((r) =>
    r.result.data ? returnSeries(r.result.data.points, (p) => p.portfolioValue) : [],
  );
  // NIFTY 50 from the longest series: every response carries the same index closes by date.
  const longest = rows.reduce<(typeof rows)[number] | null>(
    (best, r) => ((r.result.data?.points.length ?? 0) > (best?.result.data?.points.length ?? 0) ? r : best),
    null,
  );
  const nifty = longest?.result.data ? returnSeries(longest.result.data.points, (p) => p.nifty) : [];
  const drawable = series.some((s) => s.length > 1);
  const scale = chartScale([...series, nifty], WIDTH, HEIGHT);
  const path = (points: ReturnPoint[]) =>
    points
      .map((p, i) => `${i === 0 ? 'M' : 'L'}${scale.x(p.date).toFixed(1)},${scale.y(p.percent).toFixed(1)}`)
      .join(' ');

  return (
    <Card aria-labelledby="comparison-title">
      <CardTitle
        icon={<LineChart aria-hidden="true" className="size-5" />}
        action={
          <ToggleGroup
            label="Range"
            value={range}
            onChange={setRange}
            options={PERFORMANCE_RANGES.map((r) => ({ key: r, label: r }))}
          />
        }
      >
        <span id="comparison-title">Returns against NIFTY 50</span>
      </CardTitle>
      {drawable ? (
        <figure className="mb-4">
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            className="h-48 w-full overflow-visible"
            preserveAspectRatio="none"
            aria-hidden="true"
          >
            <line
              x1={0}
              x2={WIDTH}
              y1={scale.y(0)}
              y2={scale.y(0)}
              stroke="currentColor"
              strokeOpacity={0.2}
            />
            {nifty.length > 1 ? (
              <path
                d={path(nifty)}
                fill="none"
                stroke={NIFTY_COLOUR}
                strokeWidth={2}
                strokeDasharray="6 4"
                vectorEffect="non-scaling-stroke"
              />
            ) : null}
            {rows.map((r, i) =>
              series[i]!.length > 1 ? (
                <path
                  key={r.portfolio.id}
                  d={path(series[i]!)}
                  fill="none"
                  stroke={r.colour}
                  strokeWidth={2}
                  vectorEffect="non-scaling-stroke"
                />
              ) : null,
            )}
          </svg>
          <figcaption className="mt-2 text-xs text-slate-600 dark:text-slate-300">
            Percent change from each line&apos;s first day ({formatPercent(scale.min)} to{' '}
            {formatPercent(scale.max)}). Dashed: NIFTY 50.
          </figcaption>
        </figure>
      ) : (
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">
          The chart draws once a portfolio has two days of history in this range.
        </p>
      )}
      <div className="overflow-x-auto">
        <table className="w-full min-w-[480px] text-sm" data-testid="comparison-table">
          <caption className="sr-only">Each portfolio&apos;s return over {range} against NIFTY 50</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:border-slate-700 dark:text-slate-300">
              <th scope="col" className="py-2 pr-2">
                Portfolio
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                Return
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                NIFTY 50, same days
              </th>
              <th scope="col" className="py-2 pl-2 text-right">
                Versus NIFTY 50
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ portfolio, result, colour }) => {
              const data = result.data;
              const diff = data ? versusNifty(data) : null;
              return (
                <tr
                  key={portfolio.id}
                  className="border-b border-slate-100 last:border-0 dark:border-slate-700/60"
                >
                  <th scope="row" className="py-2 pr-2 text-left font-medium text-slate-900 dark:text-white">
                    <span
                      aria-hidden="true"
                      className="mr-2 inline-block size-2.5 rounded-full"
                      style={{ background: colour }}
                    />
                    {portfolio.name}
                  </th>
                  {result.isError ? (
                    <td colSpan={3} className="px-2 py-2 text-right text-red-700 dark:text-red-400">
                      {errorMessage(result.error, 'Could not load its performance')}
                    </td>
                  ) : (
                    <>
                      <td
                        className={cn(
                          'px-2 py-2 text-right tabular-nums',
                          data?.portfolioReturn != null && changeTone(data.portfolioReturn),
                        )}
                      >
                        {data ? pct(data.portfolioReturn) : '…'}
                      </td>
                      <td className="px-2 py-2 text-right tabular-nums">
                        {data ? pct(data.niftyReturn) : '…'}
                      </td>
                      <td
                        className={cn('py-2 pl-2 text-right tabular-nums', diff !== null && changeTone(diff))}
                      >
                        {diff === null
                          ? MISSING
                          : `${diff >= 0 ? '+' : MINUS}${Math.abs(diff).toFixed(2)} pts`}
                      </td>
                    </>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
