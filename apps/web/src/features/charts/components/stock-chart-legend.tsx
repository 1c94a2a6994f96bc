import { INDICATORS, MACD_SIGNAL_COLOR, type IndicatorKey } from './chart-options';

/** The colour key of the plotted indicators; nothing when none is on. */
export function StockChartLegend({ indicators }: { indicators: readonly IndicatorKey[] }) {
  const active = INDICATORS.filter((i) => indicators.includes(i.key));
  return active.length > 0 ? (
    <ul
      className="flex flex-wrap gap-3 text-xs text-slate-700 dark:text-slate-200"
      aria-label="Plotted indicators"
    >
      {active.map((i) => (
        <li key={i.key} className="inline-flex items-center gap-1.5" data-testid={`legend-${i.key}`}>
          <span
            aria-hidden="true"
            className="inline-block h-0.5 w-4 rounded"
            style={{ backgroundColor: i.color }}
          />
          {i.label}
          {i.key === 'macd' ? (
            <>
              <span
                aria-hidden="true"
                className="ml-1 inline-block h-0.5 w-4 rounded"
                style={{ backgroundColor: MACD_SIGNAL_COLOR }}
              />{' '}
              Signal
            </>
          ) : null}
          {i.pane ? <span className="text-slate-500 dark:text-slate-400">(own pane)</span> : null}
        </li>
      ))}
    </ul>
  ) : null;
}
