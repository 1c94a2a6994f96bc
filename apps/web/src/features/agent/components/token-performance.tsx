import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Download, LineChart } from 'lucide-react';
import { PERFORMANCE_RANGES, type AgentToken, type PerformanceRange } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ToggleGroup } from '../../../components/ui/toggle-group';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useTheme } from '../../../lib/theme';
import { performanceQuery } from '../../account/api/account-api';
import { downloadTrackRecord } from '../api/agent-api';
import { ReturnPair } from './return-pair';
import { TokenPicker } from './token-picker';

const PerformanceChartCanvas = lazy(async () => ({
  default: (await import('../../../components/ui/performance-chart-canvas')).PerformanceChartCanvas,
}));
const RANGES = PERFORMANCE_RANGES.map((key) => ({ key, label: key === 'ALL' ? 'All' : key }));
const HEIGHT = 240;

/** One token's own portfolio against NIFTY 50, both rebased to % from the range's first day. */
export function TokenPerformance({ tokens }: { tokens: AgentToken[] }) {
  const [picked, setPicked] = useState<string | null>(null);
  const [range, setRange] = useState<PerformanceRange>('1M');
  const token = tokens.find((t) => t.id === picked) ?? tokens[0]!;
  const performance = useQuery(performanceQuery(range, token.portfolioId));
  const { theme } = useTheme();
  const data = performance.data;
  const exportCsv = () =>
    downloadTrackRecord(token.id).catch((e: unknown) =>
      notify.error(errorMessage(e, 'Could not export the track record')),
    );

  return (
    <Card aria-labelledby="agent-performance-title">
      <CardTitle
        icon={<LineChart aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-400" />}
        action={<TokenPicker tokens={tokens} value={token.id} onChange={setPicked} />}
      >
        <span id="agent-performance-title">Agent vs NIFTY 50</span>
      </CardTitle>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <ToggleGroup label="Performance range" options={RANGES} value={range} onChange={setRange} />
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void exportCsv()}
          icon={<Download aria-hidden="true" className="size-4" />}
        >
          Export track record (CSV)
        </Button>
      </div>
      {performance.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <Spinner size="sm" /> Loading performance...
        </p>
      ) : performance.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(performance.error, 'Could not load the agent portfolio’s performance')}
        </p>
      ) : (
        <>
          <ReturnPair agent={data!.portfolioReturn} nifty={data!.niftyReturn} />
          {data!.points.length < 2 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              The chart starts once the agent portfolio has two days of values: Nivesh records it once a day.
            </p>
          ) : (
            <Suspense fallback={<Spinner size="sm" />}>
              <PerformanceChartCanvas
                points={data!.points}
                theme={theme}
                height={HEIGHT}
                portfolioLabel="Agent"
              />
            </Suspense>
          )}
        </>
      )}
    </Card>
  );
}
