import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import {
  AreaSeries,
  CandlestickSeries,
  ColorType,
  createChart,
  createSeriesMarkers,
  CrosshairMode,
  HistogramSeries,
  LineSeries,
  LineStyle,
  TickMarkType,
  type IChartApi,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type SeriesMarker,
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
import { formatDate, formatDateTime } from '../../../lib/date-format';

export interface PriceChartHandle {
  /** The chart as a PNG canvas, for the download button. */
  screenshot: () => HTMLCanvasElement | null;
}

/** A trade to mark on the price series: an arrow under the bar for a buy, over it for a sell. */
export interface PriceChartMarker {
  /** UNIX seconds of the candle it belongs to. */
  time: number;
  side: 'BUY' | 'SELL';
  /** A short label beside the arrow (e.g. "B 5"). */
  text?: string;
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
  /** Trades drawn on the price series with the library's markers; sorted or not, they are drawn in time order. */
  markers?: readonly PriceChartMarker[];
  ref?: Ref<PriceChartHandle>;
}

const palette = {
  light: { bg: '#ffffff', text: '#334155', grid: '#e2e8f0', border: '#cbd5e1' },
  dark: { bg: '#1e293b', text: '#cbd5e1', grid: '#334155', border: '#475569' },
};

const color = (key: IndicatorKey) => INDICATORS.find((i) => i.key === key)!.color;
const ts = (t: number) => t as UTCTimestamp;

/** The chart library prints UTC; traders read the exchange's clock (IST for NSE 09:15–15:30). */
function timeLabel(time: Time, period: Period, timeZone: string): string {
  const date = new Date((time as number) * 1000);
  return isIntraday(period) ? formatDateTime(date, timeZone) : formatDate(date, timeZone);
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

type Point = { time: UTCTimestamp; value: number; color?: string };

/** One drawn series and how its points come from the candles (null where undefined). */
interface Line {
  series: ISeriesApi<SeriesType>;
  points: (candles: readonly Candle[]) => Array<Point | null>;
}

interface Drawn {
  price: ISeriesApi<SeriesType>;
  /** The price series' markers (trades), set again whenever they change. */
  marks: ISeriesMarkersPluginApi<Time>;
  chartType: ChartType;
  lines: Line[];
  all: Array<ISeriesApi<SeriesType>>;
  paneIds: string[];
  /** The candles the series currently show. */
  fed: readonly Candle[] | null;
}

/** The library's markers for trades: buys under the bar in green, sells over it in red, in time order. */
export function seriesMarkers(markers: readonly PriceChartMarker[]): Array<SeriesMarker<Time>> {
  return [...markers]
    .sort((a, b) => a.time - b.time)
    .map((m) =>
      m.side === 'BUY'
        ? { time: ts(m.time), position: 'belowBar', shape: 'arrowUp', color: UP_COLOR, text: m.text ?? '' }
        : {
            time: ts(m.time),
            position: 'aboveBar',
            shape: 'arrowDown',
            color: DOWN_COLOR,
            text: m.text ?? '',
          },
    );
}

const closesOf = (candles: readonly Candle[]) => candles.map((k) => k.close);
const asPoints = (candles: readonly Candle[], values: IndicatorSeries): Array<Point | null> =>
  values.map((value, i) => (value === null ? null : { time: ts(candles[i]!.time), value }));

function lineTone(candles: readonly Candle[]): string {
  const first = candles[0]?.close ?? 0;
  const last = candles.at(-1)?.close ?? 0;
  return last >= first ? UP_COLOR : DOWN_COLOR;
}

function priceTone(chartType: ChartType, tone: string) {
  return chartType === 'line'
    ? { color: tone }
    : { lineColor: tone, topColor: `${tone}66`, bottomColor: `${tone}08` };
}

function buildSeries(chart: IChartApi, chartType: ChartType, key: string, showVolume: boolean): Drawn {
  const on = new Set(key ? (key.split(',') as IndicatorKey[]) : []);
  const all: Array<ISeriesApi<SeriesType>> = [];
  const lines: Line[] = [];
  const price =
    chartType === 'candlestick'
      ? chart.addSeries(CandlestickSeries, {
          upColor: UP_COLOR,
          downColor: DOWN_COLOR,
          borderUpColor: UP_COLOR,
          borderDownColor: DOWN_COLOR,
          wickUpColor: UP_COLOR,
          wickDownColor: DOWN_COLOR,
        })
      : chartType === 'line'
        ? chart.addSeries(LineSeries, { color: UP_COLOR, lineWidth: 2 })
        : chart.addSeries(AreaSeries, { ...priceTone('area', UP_COLOR), lineWidth: 2 });
  all.push(price);

  if (showVolume) {
    const v = chart.addSeries(HistogramSeries, {
      priceScaleId: 'volume',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    v.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    all.push(v);
    lines.push({
      series: v,
      points: (candles) =>
        candles.map((k) => ({
          time: ts(k.time),
          value: k.volume,
          color: k.close >= k.open ? `${UP_COLOR}80` : `${DOWN_COLOR}80`,
        })),
    });
  }

  const overlay = (
    points: Line['points'],
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
    all.push(s);
    lines.push({ series: s, points });
    return s;
  };

  if (on.has('sma20')) overlay((c) => asPoints(c, sma(closesOf(c), 20)), color('sma20'));
  if (on.has('ema12')) overlay((c) => asPoints(c, ema(closesOf(c), 12)), color('ema12'));
  if (on.has('bb')) {
    overlay((c) => asPoints(c, bollingerBands(closesOf(c), 20, 2).upper), color('bb'), LineStyle.Dashed);
    overlay((c) => asPoints(c, bollingerBands(closesOf(c), 20, 2).middle), color('bb'), LineStyle.Dotted);
    overlay((c) => asPoints(c, bollingerBands(closesOf(c), 20, 2).lower), color('bb'), LineStyle.Dashed);
  }

  let pane = 0;
  const paneIds: string[] = ['price-pane'];
  if (on.has('rsi14')) {
    pane += 1;
    paneIds.push('rsi-pane');
    const s = overlay((c) => asPoints(c, rsi(closesOf(c), 14)), color('rsi14'), LineStyle.Solid, pane);
    s.applyOptions({ lastValueVisible: true, lineWidth: 2 });
    for (const [level, lineColor] of [
      [70, DOWN_COLOR],
      [30, UP_COLOR],
    ] as const) {
      s.createPriceLine({
        price: level,
        color: lineColor,
        lineStyle: LineStyle.Dashed,
        lineWidth: 1,
        axisLabelVisible: true,
        title: '',
      });
    }
  }
  if (on.has('macd')) {
    pane += 1;
    paneIds.push('macd-pane');
    const hist = chart.addSeries(HistogramSeries, { priceLineVisible: false, lastValueVisible: false }, pane);
    all.push(hist);
    lines.push({
      series: hist,
      points: (c) =>
        macd(closesOf(c), 12, 26, 9).histogram.map((value, i) =>
          value === null
            ? null
            : {
                time: ts(c[i]!.time),
                value,
                color: value >= 0 ? `${UP_COLOR}99` : `${DOWN_COLOR}99`,
              },
        ),
    });
    overlay(
      (c) => asPoints(c, macd(closesOf(c), 12, 26, 9).macd),
      color('macd'),
      LineStyle.Solid,
      pane,
    ).applyOptions({
      lineWidth: 2,
    });
    overlay(
      (c) => asPoints(c, macd(closesOf(c), 12, 26, 9).signal),
      MACD_SIGNAL_COLOR,
      LineStyle.Solid,
      pane,
    );
  }

  // Price gets most of the height; each indicator pane a quarter of it.
  const panes = chart.panes();
  panes[0]?.setStretchFactor(3);
  for (const p of panes.slice(1)) p.setStretchFactor(1);
  return { price, marks: createSeriesMarkers(price, []), chartType, lines, all, paneIds, fed: null };
}

/**
 * The index from which `next` differs from `prev` when it is `prev` with its last candle moved
 * and/or one candle appended (a live tick); null when the series must be re-fed whole.
 */
export function changedFrom(prev: readonly Candle[] | null, next: readonly Candle[]): number | null {
  if (!prev || prev.length === 0 || next.length < prev.length || next.length > prev.length + 1) return null;
  const last = prev.length - 1;
  if (next[0]!.time !== prev[0]!.time || next[last]!.time !== prev[last]!.time) return null;
  for (let i = 0; i < last; i += 1) {
    const a = prev[i]!;
    const b = next[i]!;
    if (
      a.time !== b.time ||
      a.close !== b.close ||
      a.open !== b.open ||
      a.high !== b.high ||
      a.low !== b.low
    ) {
      return null;
    }
  }
  return last;
}

function pricePoint(chartType: ChartType, k: Candle) {
  return chartType === 'candlestick'
    ? { time: ts(k.time), open: k.open, high: k.high, low: k.low, close: k.close }
    : { time: ts(k.time), value: k.close };
}

/** Puts `candles` on the drawn series: whole when they are new, else only the points that changed. */
function feed(drawn: Drawn, candles: readonly Candle[], prev: readonly Candle[] | null) {
  const from = changedFrom(prev, candles);
  if (drawn.chartType !== 'candlestick')
    drawn.price.applyOptions(priceTone(drawn.chartType, lineTone(candles)));
  if (from === null) {
    drawn.price.setData(candles.map((k) => pricePoint(drawn.chartType, k)));
    for (const line of drawn.lines) {
      line.series.setData(line.points(candles).filter((p): p is Point => p !== null));
    }
  } else {
    for (let i = from; i < candles.length; i += 1)
      drawn.price.update(pricePoint(drawn.chartType, candles[i]!));
    for (const line of drawn.lines) {
      const points = line.points(candles);
      for (let i = from; i < points.length; i += 1) {
        const point = points[i];
        if (point) line.series.update(point);
      }
    }
  }
  drawn.fed = candles;
}

/**
 * lightweight-charts 5 on a div: price series of the chosen type, overlays (SMA, EMA, Bollinger) on
 * the price pane, volume as a histogram under the price, and RSI and MACD each in a pane of their
 * own. The chart object lives as long as the component; series are rebuilt when the set of things
 * to draw changes, and live ticks update only the points that changed.
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
  markers,
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
  const candlesRef = useRef(candles);
  candlesRef.current = candles;
  const drawnRef = useRef<Drawn | null>(null);
  const markersRef = useRef(markers);
  markersRef.current = markers;

  // Series are built only when what is drawn changes (type, indicators, volume); a tick that
  // only moves the last candle, or appends one, is pushed with the library's update() below.
  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    const drawn = buildSeries(chart, chartType, key, showVolume);
    drawnRef.current = drawn;
    feed(drawn, candlesRef.current, null);
    drawn.marks.setMarkers(seriesMarkers(markersRef.current ?? []));

    // Name each pane's element so tests and assistive tooling can find it; the library builds
    // pane elements on its next animation frame.
    const frame = requestAnimationFrame(() => {
      chart
        .panes()
        .forEach((p, i) => p.getHTMLElement()?.setAttribute('data-testid', drawn.paneIds[i] ?? `pane-${i}`));
    });

    return () => {
      cancelAnimationFrame(frame);
      drawnRef.current = null;
      // On unmount the chart effect's cleanup has already removed the chart and everything on it.
      if (chartRef.current !== chart) return;
      drawn.marks.detach();
      for (const s of drawn.all) chart.removeSeries(s);
      // Empty indicator panes are removed with their last series; drop any left over, bottom first.
      for (let i = chart.panes().length - 1; i > 0; i -= 1) chart.removePane(i);
    };
  }, [chartType, key, showVolume]);

  useEffect(() => {
    const drawn = drawnRef.current;
    if (drawn && drawn.fed !== candles) feed(drawn, candles, drawn.fed);
  }, [candles]);

  useEffect(() => {
    drawnRef.current?.marks.setMarkers(seriesMarkers(markers ?? []));
  }, [markers]);

  useEffect(() => {
    const chart = chartRef.current;
    if (chart && fittedRef.current !== fitKey && candles.length > 0) {
      fittedRef.current = fitKey;
      chart.timeScale().fitContent();
    }
  }, [fitKey, candles.length]);

  return (
    <div
      ref={containerRef}
      className="size-full"
      style={height ? { height } : undefined}
      data-testid="price-chart"
    />
  );
}
