import { useEffect, useMemo, useRef, useState } from 'react';
import type { Candle, Period } from '@nivesh/shared';
import { QUOTE_POLL_MS, useHistorical } from '../../market/api/market-api';
import { useLiveQuotes, useQuotePolling } from '../../market/api/use-live-quotes';
import { downloadFile } from '../../../lib/download-file';
import type { PriceChartHandle } from './price-chart-canvas';

/** The chart library needs unique, ascending times: duplicates by time removed, ascending by time; a live candle replaces the one it updates. */
export function mergeCandles(base: readonly Candle[], extra: readonly Candle[]): Candle[] {
  if (extra.length === 0) return base as Candle[];
  const byTime = new Map<number, Candle>();
  for (const c of base) byTime.set(c.time, c);
  for (const c of extra) byTime.set(c.time, c);
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

function isEditable(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/** State of one stock chart: history plus live candles, volume toggle, fullscreen and PNG download. */
export function useStockChart(symbol: string, period: Period, live: boolean) {
  const liveOn = live && period === '1D';
  const polling = useQuotePolling();
  const history = useHistorical(symbol, period, liveOn && polling ? QUOTE_POLL_MS : false);
  const [showVolume, setShowVolume] = useState(true);
  const chartRef = useRef<PriceChartHandle>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const [fullscreen, setFullscreen] = useState(false);
  // Used where the Fullscreen API is missing or refused: the chart covers the window instead.
  const [fallbackFull, setFallbackFull] = useState(false);
  const isFull = fullscreen || fallbackFull;

  const base = history.data?.data;
  const canonical = history.data?.symbol ?? symbol;
  const [ticks, setTicks] = useState<{ base: readonly Candle[] | undefined; candles: Candle[] }>({
    base: undefined,
    candles: [],
  });
  useLiveQuotes(liveOn && base ? [canonical] : [], (event) => {
    setTicks((prev) => {
      const kept = prev.base === base ? prev.candles : [];
      return { base, candles: [...kept.filter((c) => c.time !== event.candle.time), event.candle] };
    });
  });
  const candles = useMemo(
    () => mergeCandles(base ?? [], ticks.base === base ? ticks.candles : []),
    [base, ticks],
  );

  const toggleFullscreen = () => {
    const el = wrapRef.current;
    if (!el) return;
    if (fallbackFull) {
      setFallbackFull(false);
      return;
    }
    if (document.fullscreenElement) {
      void document.exitFullscreen();
      return;
    }
    if (typeof el.requestFullscreen !== 'function') {
      setFallbackFull(true);
      return;
    }
    el.requestFullscreen().catch(() => setFallbackFull(true));
  };
  const toggleRef = useRef(toggleFullscreen);
  useEffect(() => {
    toggleRef.current = toggleFullscreen;
  });

  useEffect(() => {
    const onChange = () =>
      setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === wrapRef.current);
    const onKey = (event: KeyboardEvent) => {
      // Ctrl/Cmd+F toggles fullscreen (not while typing); Esc leaves it (the browser does that for the real API).
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f' && !isEditable(event.target)) {
        event.preventDefault();
        toggleRef.current();
      } else if (event.key === 'Escape') {
        setFallbackFull(false);
        // Browsers exit fullscreen on Esc themselves; this covers the ones (and automation) that pass the key on.
        if (document.fullscreenElement && document.fullscreenElement === wrapRef.current)
          void document.exitFullscreen();
      }
    };
    document.addEventListener('fullscreenchange', onChange);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  const download = () => {
    const canvas = chartRef.current?.screenshot();
    if (!canvas) return;
    canvas.toBlob((blob) => {
      if (blob) downloadFile(blob, `${canonical}_${period}_chart.png`);
    }, 'image/png');
  };

  return {
    liveOn,
    polling,
    history,
    showVolume,
    setShowVolume,
    chartRef,
    wrapRef,
    fallbackFull,
    isFull,
    canonical,
    candles,
    toggleFullscreen,
    download,
  };
}

export type StockChartState = ReturnType<typeof useStockChart>;
