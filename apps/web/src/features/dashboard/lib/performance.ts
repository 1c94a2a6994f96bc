const round2 = (v: number) => Math.round(v * 100) / 100;

/** What the card says under the chart: who did better over the range. */
export function comparisonText(portfolioReturn: number | null, niftyReturn: number | null): string | null {
  if (portfolioReturn === null || niftyReturn === null) return null;
  const gap = round2(portfolioReturn - niftyReturn);
  if (gap > 0) return `You beat NIFTY 50 by ${gap.toFixed(2)} percentage points.`;
  if (gap < 0) return `NIFTY 50 beat your portfolio by ${Math.abs(gap).toFixed(2)} percentage points.`;
  return 'Your portfolio moved exactly with NIFTY 50.';
}
