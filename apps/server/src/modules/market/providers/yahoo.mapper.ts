import {
  dayNumberToDate,
  istDayNumber,
  quoteCircuit,
  type Candle,
  type Instrument,
  type Profile,
  type Quote,
  type SearchResult,
} from '@nivesh/shared';
import type { InstrumentCatalog } from '../market-provider.js';
import {
  changeFields,
  intOrNull,
  isoFromUnix,
  makeCandle,
  normalizeCandles,
  round2,
  round2OrNull,
  searchResultsFromTickers,
} from './common.mapper.js';
import type { YahooChartResult, YahooQuoteSummary, YahooSearchResponse } from './yahoo.schema.js';

/** Bars with a missing price are gaps Yahoo leaves for halted minutes; they are skipped, not filled. */
export function yahooChartToCandles(result: YahooChartResult): Candle[] {
  const times = result.timestamp ?? [];
  const series = result.indicators.quote[0];
  if (!series) return [];
  const candles: Candle[] = [];
  times.forEach((time, i) => {
    const open = series.open?.[i];
    const high = series.high?.[i];
    const low = series.low?.[i];
    const close = series.close?.[i];
    if (open == null || high == null || low == null || close == null) return;
    candles.push(makeCandle(time, open, high, low, close, series.volume?.[i]));
  });
  return normalizeCandles(candles);
}

/**
 * A quote from the chart endpoint's meta (the quote endpoints now need a session crumb). The chart
 * carries no fundamentals or averages, so those stay null.
 */
export function yahooChartToQuote(instrument: Instrument, result: YahooChartResult, now: Date): Quote {
  const meta = result.meta;
  const candles = yahooChartToCandles(result);
  const first = candles[0];
  const price = meta.regularMarketPrice;
  const previousClose = meta.previousClose ?? meta.chartPreviousClose ?? price;
  const dayHigh =
    meta.regularMarketDayHigh ?? (candles.length ? Math.max(...candles.map((c) => c.high)) : price);
  const dayLow =
    meta.regularMarketDayLow ?? (candles.length ? Math.min(...candles.map((c) => c.low)) : price);
  const volume = meta.regularMarketVolume ?? candles.reduce((sum, c) => sum + c.volume, 0);
  return {
    symbol: instrument.symbol,
    name: instrument.name,
    exchange: instrument.exchange,
    currency: instrument.currency,
    price: round2(price),
    ...changeFields(price, previousClose),
    open: round2(first?.open ?? price),
    dayHigh: round2(dayHigh),
    dayLow: round2(dayLow),
    previousClose: round2(previousClose),
    volume: Math.max(0, Math.round(volume)),
    avgVolume: null,
    yearHigh: round2OrNull(meta.fiftyTwoWeekHigh),
    yearLow: round2OrNull(meta.fiftyTwoWeekLow),
    priceAvg50: null,
    priceAvg200: null,
    marketCap: null,
    pe: null,
    ...quoteCircuit(
      instrument,
      {
        previousClose: round2(previousClose),
        price: round2(price),
        dayHigh: round2(dayHigh),
        dayLow: round2(dayLow),
      },
      dayNumberToDate(istDayNumber(now.getTime())),
    ),
    lastUpdated: isoFromUnix(meta.regularMarketTime, now),
  };
}

export function yahooSearchToResults(
  catalog: InstrumentCatalog,
  response: YahooSearchResponse,
  limit: number,
): SearchResult[] {
  const tradable = response.quotes.filter(
    (item) => !item.quoteType || item.quoteType === 'EQUITY' || item.quoteType === 'INDEX',
  );
  return searchResultsFromTickers(
    catalog,
    tradable.map((item) => item.symbol),
    limit,
  );
}

/** The catalog is authoritative for identity; the upstream adds what it knows, and nothing is guessed. */
export function yahooSummaryToProfile(
  instrument: Instrument,
  summary: YahooQuoteSummary | undefined,
): Profile {
  const detail = summary?.summaryDetail;
  const stats = summary?.defaultKeyStatistics;
  const dividend = detail?.dividendYield?.raw;
  return {
    symbol: instrument.symbol,
    name: instrument.name,
    exchange: instrument.exchange,
    currency: instrument.currency,
    sector: instrument.sector ?? summary?.assetProfile?.sector ?? null,
    industry: instrument.industry ?? summary?.assetProfile?.industry ?? null,
    isin: instrument.isin,
    bseCode: instrument.bseCode,
    description: summary?.assetProfile?.longBusinessSummary ?? null,
    beta: round2OrNull(detail?.beta?.raw ?? stats?.beta?.raw),
    marketCap: intOrNull(detail?.marketCap?.raw),
    pe: round2OrNull(detail?.trailingPE?.raw),
    eps: round2OrNull(stats?.trailingEps?.raw),
    // Yahoo gives a fraction (0.0035); the app shows percent.
    dividendYield: dividend === undefined ? null : round2(dividend * 100),
  };
}
