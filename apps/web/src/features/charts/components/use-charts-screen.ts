import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PERIODS, type Period } from '@nivesh/shared';
import { notify } from '../../../lib/notify';
import { marketKeys, useQuote } from '../../market/api/market-api';
import { useLiveQuotes, withLive } from '../../market/api/use-live-quotes';
import { CHART_TYPES, type ChartType, type IndicatorKey } from './chart-options';

export const DEFAULT_CHART_SYMBOL = 'RELIANCE';

function periodParam(value: string | null | undefined): Period {
  const v = value?.toUpperCase();
  return (PERIODS as readonly string[]).includes(v ?? '') ? (v as Period) : '1D';
}

function chartTypeParam(value: string | null | undefined): ChartType {
  const v = value?.toLowerCase();
  return CHART_TYPES.some((t) => t.key === v) ? (v as ChartType) : 'candlestick';
}

/** State of /charts: the symbol in the URL, timeframe, chart type, indicators, live, and the quote. */
export function useChartsScreen() {
  const [params, setParams] = useSearchParams();
  const symbol = (params.get('symbol') ?? DEFAULT_CHART_SYMBOL).trim().toUpperCase() || DEFAULT_CHART_SYMBOL;
  // ?period= and ?type= let a link (a Saytrix "1Y line chart of TATASTEEL") open the chart asked for.
  const [period, setPeriod] = useState<Period>(() => periodParam(params.get('period')));
  const [chartType, setChartType] = useState<ChartType>(() => chartTypeParam(params.get('type')));
  const linked = `${params.get('period') ?? ''}|${params.get('type') ?? ''}`;
  useEffect(() => {
    const [p, t] = linked.split('|');
    if (p) setPeriod(periodParam(p));
    if (t) setChartType(chartTypeParam(t));
  }, [linked]);
  const [indicators, setIndicators] = useState<IndicatorKey[]>([]);
  // Live follows one symbol on the 1D timeframe; another symbol or timeframe turns it off.
  const [liveFor, setLiveFor] = useState<string | null>(null);
  const live = liveFor === `${symbol}:${period}` && period === '1D';
  const client = useQueryClient();

  const quote = useQuote(symbol);
  const liveQuotes = useLiveQuotes(live && quote.data ? [quote.data.symbol] : []);
  const shown = quote.data ? withLive(quote.data, liveQuotes[quote.data.symbol]) : undefined;

  const toggleLive = () => {
    if (live) {
      setLiveFor(null);
      notify.info('Live updates paused');
    } else {
      setLiveFor(`${symbol}:${period}`);
      notify.success('Live updates enabled');
    }
  };

  const refresh = () => {
    void client.invalidateQueries({ queryKey: marketKeys.quote(symbol) });
    void client.invalidateQueries({ queryKey: marketKeys.historical(symbol, period) });
  };

  const toggleIndicator = (key: IndicatorKey) =>
    setIndicators((list) => (list.includes(key) ? list.filter((k) => k !== key) : [...list, key]));

  return {
    setParams,
    symbol,
    period,
    setPeriod,
    chartType,
    setChartType,
    indicators,
    live,
    quote,
    shown,
    toggleLive,
    refresh,
    toggleIndicator,
  };
}

export type ChartsScreenState = ReturnType<typeof useChartsScreen>;
