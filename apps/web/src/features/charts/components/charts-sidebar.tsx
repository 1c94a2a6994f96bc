import type { ReactNode } from 'react';
import { PERIODS } from '@nivesh/shared';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { StockSearchBox } from '../../market/components/stock-search-box';
import { CHART_TYPES, INDICATORS } from './chart-options';
import type { ChartsScreenState } from './use-charts-screen';

function ToggleButton({
  pressed,
  onClick,
  children,
  disabled,
  title,
}: {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
  disabled?: boolean;
  title?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      disabled={disabled}
      title={title}
      className={cn(
        'rounded-lg border px-3 py-1.5 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60',
        pressed
          ? 'border-indigo-600 bg-indigo-600 text-white'
          : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-700',
      )}
    >
      {children}
    </button>
  );
}

function SidebarSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Stock search, timeframe, chart type and indicator toggles. */
export function ChartsSidebar({ s }: { s: ChartsScreenState }) {
  const { setParams, period, setPeriod, chartType, setChartType, indicators, toggleIndicator } = s;
  return (
    <Card className="space-y-5 p-4">
      <SidebarSection title="Stock">
        <StockSearchBox label="Search stocks" onSelect={(r) => setParams({ symbol: r.symbol })} />
      </SidebarSection>
      <SidebarSection title="Timeframe">
        <div role="group" aria-label="Timeframe" className="flex flex-wrap gap-1.5">
          {PERIODS.map((p) => (
            <ToggleButton key={p} pressed={period === p} onClick={() => setPeriod(p)}>
              {p}
            </ToggleButton>
          ))}
        </div>
      </SidebarSection>
      <SidebarSection title="Chart type">
        <div role="group" aria-label="Chart type" className="flex flex-wrap gap-1.5">
          {CHART_TYPES.map((t) => (
            <ToggleButton key={t.key} pressed={chartType === t.key} onClick={() => setChartType(t.key)}>
              {t.label}
            </ToggleButton>
          ))}
        </div>
      </SidebarSection>
      <SidebarSection title="Technical indicators">
        <div role="group" aria-label="Technical indicators" className="flex flex-wrap gap-1.5">
          {INDICATORS.map((i) => (
            <ToggleButton
              key={i.key}
              pressed={indicators.includes(i.key)}
              onClick={() => toggleIndicator(i.key)}
            >
              {i.label}
            </ToggleButton>
          ))}
        </div>
      </SidebarSection>
    </Card>
  );
}
