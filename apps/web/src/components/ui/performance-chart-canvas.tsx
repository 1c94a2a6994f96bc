import { useEffect, useMemo, useRef } from 'react';
import { ColorType, createChart, LineSeries, type IChartApi, type ISeriesApi } from 'lightweight-charts';
import type { PerformanceData } from '@nivesh/shared';
import { rebasePerformance } from '../../lib/performance-lines';

export const PORTFOLIO_COLOR = '#4f46e5';
export const NIFTY_COLOR = '#f59e0b';

const palette = {
  light: { bg: '#ffffff', text: '#334155', grid: '#e2e8f0', border: '#cbd5e1' },
  dark: { bg: '#1e293b', text: '#cbd5e1', grid: '#334155', border: '#475569' },
};

/** A portfolio and NIFTY 50 as two percent lines on one axis; loaded on its own so the dashboard does not wait for the chart library. */
export function PerformanceChartCanvas({
  points,
  theme,
  height = 260,
  portfolioLabel = 'Portfolio',
}: {
  /** Rebased here, in the chart's own chunk, so no first render carries the rebasing code. */
  points: PerformanceData['points'];
  theme: 'light' | 'dark';
  height?: number;
  /** The first line's name on the chart (the agent screen says "Agent"). */
  portfolioLabel?: string;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<{ portfolio: ISeriesApi<'Line'>; nifty: ISeriesApi<'Line'> } | null>(null);

  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const chart = createChart(el, {
      autoSize: true,
      handleScroll: false,
      handleScale: false,
      localization: { priceFormatter: (v: number) => `${v.toFixed(2)}%` },
    });
    chartRef.current = chart;
    seriesRef.current = {
      portfolio: chart.addSeries(LineSeries, { color: PORTFOLIO_COLOR, lineWidth: 2, title: portfolioLabel }),
      nifty: chart.addSeries(LineSeries, { color: NIFTY_COLOR, lineWidth: 2, title: 'NIFTY 50' }),
    };
    return () => {
      seriesRef.current = null;
      chartRef.current = null;
      chart.remove();
    };
    // The chart is built once; the label is fixed for a chart's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const c = palette[theme];
    chartRef.current?.applyOptions({
      layout: {
        background: { type: ColorType.Solid, color: c.bg },
        textColor: c.text,
        attributionLogo: false,
      },
      grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } },
      rightPriceScale: { borderColor: c.border },
      timeScale: { borderColor: c.border },
    });
  }, [theme]);

  const { portfolio, nifty } = useMemo(() => rebasePerformance(points), [points]);

  useEffect(() => {
    const s = seriesRef.current;
    if (!s) return;
    s.portfolio.setData(portfolio);
    s.nifty.setData(nifty);
    chartRef.current?.timeScale().fitContent();
  }, [portfolio, nifty]);

  return <div ref={containerRef} style={{ height }} className="w-full" data-testid="performance-chart" />;
}
