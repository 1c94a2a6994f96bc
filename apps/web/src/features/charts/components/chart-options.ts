import type { Period } from '@nivesh/shared';

export const CHART_TYPES = [
  { key: 'candlestick', label: 'Candlestick' },
  { key: 'line', label: 'Line' },
  { key: 'area', label: 'Area' },
] as const;
export type ChartType = (typeof CHART_TYPES)[number]['key'];

export const INDICATORS = [
  { key: 'sma20', label: 'SMA 20', color: '#f59e0b', pane: false },
  { key: 'ema12', label: 'EMA 12', color: '#8b5cf6', pane: false },
  { key: 'rsi14', label: 'RSI 14', color: '#0ea5e9', pane: true },
  { key: 'macd', label: 'MACD', color: '#2563eb', pane: true },
  { key: 'bb', label: 'Bollinger Bands', color: '#64748b', pane: false },
] as const;
export type IndicatorKey = (typeof INDICATORS)[number]['key'];

export const UP_COLOR = '#16a34a';
export const DOWN_COLOR = '#dc2626';
export const MACD_SIGNAL_COLOR = '#f97316';

/** Intraday periods label the axis with clock times, the rest with dates. */
export function isIntraday(period: Period): boolean {
  return period === '1D' || period === '5D' || period === '1M';
}
