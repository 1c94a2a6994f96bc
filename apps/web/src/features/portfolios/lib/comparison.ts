import type { PerformanceData } from '@nivesh/shared';

export interface ReturnPoint {
  date: string;
  /** Percent change from the series' first value, 2 decimals. */
  percent: number;
}

/**
 * A series as percent change from its first value, so portfolios of different sizes (and NIFTY 50,
 * in points) share one axis. Days without a value (a null NIFTY close) are left out, not invented.
 */
export function returnSeries(
  points: PerformanceData['points'],
  pick: (p: PerformanceData['points'][number]) => number | null,
): ReturnPoint[] {
  const valued = points.flatMap((p) => {
    const v = pick(p);
    return v === null ? [] : [{ date: p.date, value: v }];
  });
  const base = valued[0]?.value;
  if (base === undefined || base === 0) return [];
  return valued.map(({ date, value }) => ({ date, percent: Math.round((value / base - 1) * 10_000) / 100 }));
}

/** Return minus NIFTY 50's over the same span, in percentage points; null when either is unknown. */
export function versusNifty(data: Pick<PerformanceData, 'portfolioReturn' | 'niftyReturn'>): number | null {
  if (data.portfolioReturn === null || data.niftyReturn === null) return null;
  return Math.round((data.portfolioReturn - data.niftyReturn) * 100) / 100;
}

/** Maps dated series onto an SVG box: x by date across all series, y by percent. */
export function chartScale(series: ReturnPoint[][], width: number, height: number) {
  const dates = [...new Set(series.flat().map((p) => p.date))].sort();
  const values = series.flat().map((p) => p.percent);
  const min = Math.min(0, ...values);
  const max = Math.max(0, ...values);
  const span = max - min || 1;
  const x = (date: string) =>
    dates.length <= 1 ? width / 2 : (dates.indexOf(date) / (dates.length - 1)) * width;
  const y = (percent: number) => height - ((percent - min) / span) * height;
  return { x, y, min, max, dates };
}
