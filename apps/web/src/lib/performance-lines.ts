import type { PerformanceData } from '@nivesh/shared';

export interface LinePoint {
  /** 'YYYY-MM-DD', which the chart reads as a business day. */
  time: string;
  value: number;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * Rupees and index points cannot share an axis; both series are rebased to the percent change
 * from their own first value so they start together at 0% and compare. Days the index has no
 * value are left out of its line, not drawn as zero.
 */
export function rebasePerformance(points: PerformanceData['points']): {
  portfolio: LinePoint[];
  nifty: LinePoint[];
} {
  const firstValue = points.find((p) => p.portfolioValue > 0)?.portfolioValue;
  const firstNifty = points.find((p) => p.nifty !== null && p.nifty > 0)?.nifty ?? null;
  const portfolio = firstValue
    ? points.map((p) => ({ time: p.date, value: round2((p.portfolioValue / firstValue - 1) * 100) }))
    : [];
  const nifty =
    firstNifty === null
      ? []
      : points.flatMap((p) =>
          p.nifty === null ? [] : [{ time: p.date, value: round2((p.nifty / firstNifty - 1) * 100) }],
        );
  return { portfolio, nifty };
}
