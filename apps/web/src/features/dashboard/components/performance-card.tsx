import { lazy, Suspense, useState } from 'react';
import { LineChart } from 'lucide-react';
import { PERFORMANCE_RANGES, type PerformanceRange } from '@nivesh/shared';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ToggleGroup } from '../../../components/ui/toggle-group';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useTheme } from '../../../lib/theme';
import { usePerformance } from '../../account/api/account-api';
import { changeTone, formatPercent } from '../../market/lib/format';
import { comparisonText } from '../lib/performance';

const PerformanceChartCanvas = lazy(async () => ({
  default: (await import('../../../components/ui/performance-chart-canvas')).PerformanceChartCanvas,
}));

const RANGE_OPTIONS = PERFORMANCE_RANGES.map((key) => ({ key, label: key === 'ALL' ? 'All' : key }));
const CHART_HEIGHT = 260;

function Legend({
  color,
  label,
  value,
  testId,
}: {
  color: string;
  label: string;
  value: number | null;
  testId: string;
}) {
  return (
    <div className="flex items-center gap-2">
      <span aria-hidden="true" className={cn('h-1 w-5 rounded-full', color)} />
      <span className="text-sm text-slate-600 dark:text-slate-300">{label}</span>
      <span
        className={cn(
          'text-sm font-semibold tabular-nums',
          value === null ? 'text-slate-500' : changeTone(value),
        )}
        data-testid={testId}
      >
        {value === null ? '—' : formatPercent(value)}
      </span>
    </div>
  );
}

/** Portfolio value against NIFTY 50 over the range, both as percent change from the range's first day. */
export function PerformanceCard() {
  const [range, setRange] = useState<PerformanceRange>('1M');
  const performance = usePerformance(range);
  const { theme } = useTheme();
  const data = performance.data;
  const comparison = data ? comparisonText(data.portfolioReturn, data.niftyReturn) : null;

  return (
    <Card aria-labelledby="performance-title">
      <CardTitle
        icon={<LineChart aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-400" />}
        action={
          <ToggleGroup label="Performance range" options={RANGE_OPTIONS} value={range} onChange={setRange} />
        }
      >
        <span id="performance-title">Performance</span>
      </CardTitle>

      {performance.isPending ? (
        <p
          role="status"
          className="flex items-center justify-center gap-2 text-sm text-slate-600 dark:text-slate-300"
          style={{ height: CHART_HEIGHT }}
        >
          <Spinner size="sm" /> Loading performance...
        </p>
      ) : performance.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(performance.error, 'Failed to load portfolio performance')}
        </p>
      ) : data!.points.length < 2 ? (
        <div
          className="flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 p-6 text-center dark:border-slate-600"
          style={{ minHeight: 180 }}
        >
          <LineChart aria-hidden="true" className="size-8 text-slate-400" />
          <p className="font-semibold text-slate-900 dark:text-white">Your performance chart starts today</p>
          <p className="max-w-sm text-sm text-slate-600 dark:text-slate-300">
            Nivesh records your portfolio value once a day. From tomorrow you will see it here against NIFTY
            50.
          </p>
        </div>
      ) : (
        <>
          <div className="mb-3 flex flex-wrap gap-x-6 gap-y-1">
            <Legend
              color="bg-indigo-600"
              label="Your portfolio"
              value={data!.portfolioReturn}
              testId="portfolio-return"
            />
            <Legend color="bg-amber-500" label="NIFTY 50" value={data!.niftyReturn} testId="nifty-return" />
          </div>
          <Suspense
            fallback={
              <p
                role="status"
                className="flex items-center justify-center gap-2 text-sm text-slate-600 dark:text-slate-300"
                style={{ height: CHART_HEIGHT }}
              >
                <Spinner size="sm" /> Loading chart...
              </p>
            }
          >
            <PerformanceChartCanvas points={data!.points} theme={theme} height={CHART_HEIGHT} />
          </Suspense>
          {comparison ? (
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{comparison}</p>
          ) : null}
        </>
      )}
    </Card>
  );
}
