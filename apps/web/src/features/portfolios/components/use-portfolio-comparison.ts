import { useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { PerformanceRange, Portfolio } from '@nivesh/shared';
import { performanceQuery } from '../../account/api/account-api';
import { chartScale, returnSeries, type ReturnPoint } from '../lib/comparison';

export const WIDTH = 600;
export const HEIGHT = 200;
// Colour-blind-safe hues, distinct in light and dark; NIFTY 50 is always the dashed grey line.
const COLOURS = ['#4f46e5', '#d97706', '#059669', '#db2777', '#0891b2', '#7c3aed'];
export const NIFTY_COLOUR = '#64748b';

/** State of the comparison: the range, each portfolio's performance, their return series and NIFTY 50's. */
export function usePortfolioComparison(portfolios: Portfolio[]) {
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

  return { range, setRange, rows, series, nifty, drawable, scale, path };
}

export type PortfolioComparisonState = ReturnType<typeof usePortfolioComparison>;
