import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import {
  AreaSeries,
  CandlestickSeries,
  ColorType,
  createChart,
  CrosshairMode,
  HistogramSeries,
  LineSeries,
  LineStyle,
  TickMarkType,
  type IChartApi,
  type ISeriesApi,
  type SeriesType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import {
  bollingerBands,
  ema,
  macd,
  rsi,
  sma,
  type Candle,
  type IndicatorSeries,
  type Period,
} from '@nivesh/shared';
import {
  DOWN_COLOR,
  INDICATORS,
  isIntraday,
  MACD_SIGNAL_COLOR,
  UP_COLOR,
  type ChartType,
  type IndicatorKey,
} from './chart-options';

export interface PriceChartHandle {
  /** The chart as a PNG canvas, for the download button. */
  screenshot: () => HTMLCanvasElement | null;
}

export interface PriceChartCanvasProps {
  candles: readonly Candle[];
  period: Period;
  chartType: ChartType;
  indicators: readonly IndicatorKey[];
  showVolume: boolean;
  theme: 'light' | 'dark';
  /** IANA zone the axis and crosshair labels are read in. */
  timeZone: string;
  /** Pixel height, or undefined to fill the parent (fullscreen). */
  height?: number;
  /** When this changes (another symbol or period) the whole series is fitted into view; live ticks keep the user's zoom. */
  fitKey: string;
  ref?: Ref<PriceChartHandle>;
}

const palette = {
  light: { bg: '#ffffff', text: '#334155', grid: '#e2e8f0', border: '#cbd5e1' },
  dark: { bg: '#1e293b', text: '#cbd5e1', grid: '#334155', border: '#475569' },
};

const color = (key: IndicatorKey) => INDICATORS.find((i) => i.key === key)!.color;
const ts = (t: number) => t as UTCTimestamp;

function points(candles: readonly Candle[], values: IndicatorSeries) {
  const out: Array<{ time: UTCTimestamp; value: number }> = [];
  values.forEach((value, i) => {
    if (value !== null) out.push({ time: ts(candles[i]!.time), value });
  });
  return out;
}

/** The chart library prints UTC; traders read the exchange's clock (IST for NSE 09:15–15:30). */
function timeLabel(time: Time, period: Period, timeZone: string): string {
  const date = new Date((time as number) * 1000);
  return isIntraday(period)
    ? date.toLocaleString('en-IN', {
        timeZone,
        day: '2-digit',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hour12: false,
      })
    : date.toLocaleDateString('en-IN', { timeZone, day: '2-digit', month: 'short', year: 'numeric' });
}

function tickLabel(time: Time, type: TickMarkType, timeZone: string): string {
  const date = new Date((time as number) * 1000);
  switch (type) {
    case TickMarkType.Year:
      return date.toLocaleDateString('en-IN', { timeZone, year: 'numeric' });
    case TickMarkType.Month:
      return date.toLocaleDateString('en-IN', { timeZone, month: 'short' });
    case TickMarkType.DayOfMonth:
      return date.toLocaleDateString('en-IN', { timeZone, day: 'numeric', month: 'short' });
    default:
      return date.toLocaleTimeString('en-IN', {
        timeZone,
        hour: '2-digit',
        minute: '2-digit',
        hour12: false,
      });
  }
}

/**
 * lightweight-charts 5 on a div: price series of the chosen type, overlays (SMA, EMA, Bollinger) on
 * the price pane, volume as a histogram under the price, and RSI and MACD each in a pane of their
 * own. The chart object lives as long as the component; series are rebuilt when the set of things
 * to draw changes and re-fed when the candles change.
 */
export function PriceChartCanvas({
  candles,
  period,
  chartType,
  indicators,
  showVolume,
  theme,
  timeZone,
  height,
  fitKey,
  ref,
}: PriceChartCanvasProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const fittedRef = useRef<string | null>(null);

  useImperativeHandle(ref, () => ({ screenshot: () => chartRef.current?.takeScreenshot() ?? null }), []);

  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const chart = createChart(el, { autoSize: true, crosshair: { mode: CrosshairMode.Normal } });
    chartRef.current = chart;
    return () => {
      chartRef.current = null;
      chart.remove();
    };
  }, []);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    const c = palette[theme];
    chart.applyOptions({
      layout: {
        background: { type: ColorType.Solid, color: c.bg },
        textColor: c.text,
        panes: { separatorColor: c.border },
      },
      grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } },
      rightPriceScale: { borderColor: c.border },
      timeScale: {
        borderColor: c.border,
        timeVisible: isIntraday(period),
        // Fullscreen and window resizes stretch the same stretch of time rather than revealing empty space.
        lockVisibleTimeRangeOnResize: true,
        secondsVisible: false,
        tickMarkFormatter: (t: Time, type: TickMarkType) => tickLabel(t, type, timeZone),
      },
      localization: { timeFormatter: (t: Time) => timeLabel(t, period, timeZone), locale: 'en-IN' },
    });
  }, [theme, period, timeZone]);

  const key = indicators.join(',');
  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    const on = new Set(key ? (key.split(',') as IndicatorKey[]) : []);
    const closes = candles.map((k) => k.close);
    const created: Array<ISeriesApi<SeriesType>> = [];

    if (chartType === 'candlestick') {
      const s = chart.addSeries(CandlestickSeries, {
        upColor: UP_COLOR,
        downColor: DOWN_COLOR,
        borderUpColor: UP_COLOR,
        borderDownColor: DOWN_COLOR,
        wickUpColor: UP_COLOR,
        wickDownColor: DOWN_COLOR,
      });
      s.setData(
        candles.map((k) => ({ time: ts(k.time), open: k.open, high: k.high, low: k.low, close: k.close })),
      );
      created.push(s);
    } else {
      const first = candles[0]?.close ?? 0;
      const last = candles.at(-1)?.close ?? 0;
      const tone = last >= first ? UP_COLOR : DOWN_COLOR;
      const data = candles.map((k) => ({ time: ts(k.time), value: k.close }));
      const s =
        chartType === 'line'
          ? chart.addSeries(LineSeries, { color: tone, lineWidth: 2 })
          : chart.addSeries(AreaSeries, {
              lineColor: tone,
              topColor: `${tone}66`,
              bottomColor: `${tone}08`,
              lineWidth: 2,
            });
      s.setData(data);
      created.push(s);
    }

    if (showVolume) {
      const v = chart.addSeries(HistogramSeries, {
        priceScaleId: 'volume',
        priceFormat: { type: 'volume' },
        lastValueVisible: false,
        priceLineVisible: false,
      });
      v.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
      v.setData(
        candles.map((k) => ({
          time: ts(k.time),
          value: k.volume,
          color: k.close >= k.open ? `${UP_COLOR}80` : `${DOWN_COLOR}80`,
        })),
      );
      created.push(v);
    }

    const overlay = (
      values: IndicatorSeries,
      lineColor: string,
      style: LineStyle = LineStyle.Solid,
      paneIndex = 0,
    ) => {
      const s = chart.addSeries(
        LineSeries,
        {
          color: lineColor,
          lineWidth: 1,
          lineStyle: style,
          priceLineVisible: false,
          lastValueVisible: false,
          crosshairMarkerVisible: false,
        },
        paneIndex,
      );
      s.setData(points(candles, values));
      created.push(s);
      return s;
    };

    if (on.has('sma20')) overlay(sma(closes, 20), color('sma20'));
    if (on.has('ema12')) overlay(ema(closes, 12), color('ema12'));
    if (on.has('bb')) {
      const bb = bollingerBands(closes, 20, 2);
      overlay(bb.upper, color('bb'), LineStyle.Dashed);
      overlay(bb.middle, color('bb'), LineStyle.Dotted);
      overlay(bb.lower, color('bb'), LineStyle.Dashed);
    }

    let pane = 0;
    const paneIds: string[] = ['price-pane'];
    if (on.has('rsi14')) {
      pane += 1;
      paneIds.push('rsi-pane');
      const s = overlay(rsi(closes, 14), color('rsi14'), LineStyle.Solid, pane);
      s.applyOptions({ lastValueVisible: true, lineWidth: 2 });
      s.createPriceLine({
        price: 70,
        color: DOWN_COLOR,
        lineStyle: LineStyle.Dashed,
        lineWidth: 1,
        axisLabelVisible: true,
        title: '',
      });
      s.createPriceLine({
        price: 30,
        color: UP_COLOR,
        lineStyle: LineStyle.Dashed,
        lineWidth: 1,
        axisLabelVisible: true,
        title: '',
      });
    }
    if (on.has('macd')) {
      pane += 1;
      paneIds.push('macd-pane');
      const m = macd(closes, 12, 26, 9);
      const hist = chart.addSeries(
        HistogramSeries,
        { priceLineVisible: false, lastValueVisible: false },
        pane,
      );
      hist.setData(
        m.histogram.flatMap((value, i) =>
          value === null
            ? []
            : [
                {
                  time: ts(candles[i]!.time),
                  value,
                  color: value >= 0 ? `${UP_COLOR}99` : `${DOWN_COLOR}99`,
                },
              ],
        ),
      );
      created.push(hist);
      overlay(m.macd, color('macd'), LineStyle.Solid, pane).applyOptions({ lineWidth: 2 });
      overlay(m.signal, MACD_SIGNAL_COLOR, LineStyle.Solid, pane);
    }

    // Price gets most of the height; each indicator pane a quarter of it.
    const panes = chart.panes();
    panes[0]?.setStretchFactor(3);
    for (const p of panes.slice(1)) p.setStretchFactor(1);
    if (fittedRef.current !== fitKey && candles.length > 0) {
      fittedRef.current = fitKey;
      chart.timeScale().fitContent();
    }

    // Name each pane's element so tests and assistive tooling can find it; the library builds
    // pane elements on its next animation frame.
    const frame = requestAnimationFrame(() => {
      chart
        .panes()
        .forEach((p, i) => p.getHTMLElement()?.setAttribute('data-testid', paneIds[i] ?? `pane-${i}`));
    });

    return () => {
      cancelAnimationFrame(frame);
      // On unmount the chart effect's cleanup has already removed the chart and everything on it.
      if (chartRef.current !== chart) return;
      for (const s of created) chart.removeSeries(s);
      // Empty indicator panes are removed with their last series; drop any left over, bottom first.
      for (let i = chart.panes().length - 1; i > 0; i -= 1) chart.removePane(i);
    };
  }, [candles, chartType, key, showVolume, fitKey]);

  return (
    <div
      ref={containerRef}
      className="size-full"
      style={height ? { height } : undefined}
      data-testid="price-chart"
    />
  );
}
