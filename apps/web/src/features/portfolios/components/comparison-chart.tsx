import { formatPercent } from '../../market/lib/format';
import { HEIGHT, NIFTY_COLOUR, WIDTH, type PortfolioComparisonState } from './use-portfolio-comparison';

/** The return lines, drawn once some portfolio has two days in the range; hidden from screen readers. */
export function ComparisonChart({ s }: { s: PortfolioComparisonState }) {
  const { drawable, scale, nifty, path, rows, series } = s;
  return drawable ? (
    <figure className="mb-4">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-48 w-full overflow-visible"
        preserveAspectRatio="none"
        aria-hidden="true"
      >
        <line x1={0} x2={WIDTH} y1={scale.y(0)} y2={scale.y(0)} stroke="currentColor" strokeOpacity={0.2} />
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
  );
}
