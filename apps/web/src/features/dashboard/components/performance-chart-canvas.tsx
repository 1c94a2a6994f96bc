import { useEffect, useRef } from 'react';
import { ColorType, createChart, LineSeries, type IChartApi, type ISeriesApi } from 'lightweight-charts';
import type { LinePoint } from '../lib/performance';

export const PORTFOLIO_COLOR = '#4f46e5';
export const NIFTY_COLOR = '#f59e0b';

const palette = {
  light: { bg: '#ffffff', text: '#334155', grid: '#e2e8f0', border: '#cbd5e1' },
  dark: { bg: '#1e293b', text: '#cbd5e1', grid: '#334155', border: '#475569' },
};

/** Two percent lines on one axis; loaded on its own so the dashboard does not wait for the chart library. */
export function PerformanceChartCanvas({
  portfolio,
  nifty,
  theme,
  height = 260,
}: {
  portfolio: LinePoint[];
  nifty: LinePoint[];
  theme: 'light' | 'dark';
  height?: number;
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
      portfolio: chart.addSeries(LineSeries, { color: PORTFOLIO_COLOR, lineWidth: 2, title: 'Portfolio' }),
      nifty: chart.addSeries(LineSeries, { color: NIFTY_COLOR, lineWidth: 2, title: 'NIFTY 50' }),
    };
    return () => {
      seriesRef.current = null;
      chartRef.current = null;
      chart.remove();
    };
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

  useEffect(() => {
    const s = seriesRef.current;
    if (!s) return;
    s.portfolio.setData(portfolio);
    s.nifty.setData(nifty);
    chartRef.current?.timeScale().fitContent();
  }, [portfolio, nifty]);

  return <div ref={containerRef} style={{ height }} className="w-full" data-testid="performance-chart" />;
}
