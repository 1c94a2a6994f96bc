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
  exchangeTimeZone,
  intOrNull,
  isoFromUnix,
  makeCandle,
  normalizeCandles,
  round2,
  round2OrNull,
  searchResultsFromTickers,
  sessionOpen,
  zonedToUnix,
} from './common.mapper.js';
import type { FmpBar, FmpProfile, FmpQuote, FmpSearchList } from './fmp.schema.js';

export function fmpQuoteToQuote(instrument: Instrument, q: FmpQuote, now: Date): Quote {
  const price = q.price;
  const previousClose = q.previousClose ?? (q.change != null ? price - q.change : price);
  const computed = changeFields(price, previousClose);
  const percent = q.changesPercentage != null ? round2(q.changesPercentage) : computed.changePercent;
  return {
    symbol: instrument.symbol,
    name: instrument.name,
    exchange: instrument.exchange,
    currency: instrument.currency,
    price: round2(price),
    change: q.change != null ? round2(q.change) : computed.change,
    changePercent: percent,
    changesPercentage: percent,
    open: round2(q.open ?? price),
    dayHigh: round2(q.dayHigh ?? price),
    dayLow: round2(q.dayLow ?? price),
    previousClose: round2(previousClose),
    volume: Math.max(0, Math.round(q.volume ?? 0)),
    avgVolume: intOrNull(q.avgVolume),
    yearHigh: round2OrNull(q.yearHigh),
    yearLow: round2OrNull(q.yearLow),
    priceAvg50: round2OrNull(q.priceAvg50),
    priceAvg200: round2OrNull(q.priceAvg200),
    marketCap: intOrNull(q.marketCap),
    pe: round2OrNull(q.pe),
    ...quoteCircuit(
      instrument,
      {
        previousClose: round2(previousClose),
        price: round2(price),
        dayHigh: round2(q.dayHigh ?? price),
        dayLow: round2(q.dayLow ?? price),
      },
      dayNumberToDate(istDayNumber(now.getTime())),
    ),
    lastUpdated: isoFromUnix(q.timestamp, now),
  };
}

/**
 * FMP stamps bars in the exchange's wall-clock time without an offset: intraday as
 * 'YYYY-MM-DD HH:mm:ss', daily as 'YYYY-MM-DD' (stamped here with the session open, as Yahoo does).
 */
export function fmpBarsToCandles(bars: readonly FmpBar[], instrument: Instrument): Candle[] {
  const timeZone = exchangeTimeZone(instrument.exchange);
  const candles: Candle[] = [];
  // FMP lists newest first; walking oldest first lets the fresher copy of a repeated bar win.
  for (const bar of [...bars].reverse()) {
    const local = bar.date.length === 10 ? `${bar.date} ${sessionOpen(instrument.exchange)}` : bar.date;
    const time = zonedToUnix(local, timeZone);
    if (time === undefined) continue;
    candles.push(makeCandle(time, bar.open, bar.high, bar.low, bar.close, bar.volume));
  }
  return normalizeCandles(candles);
}

export function fmpSearchToResults(
  catalog: InstrumentCatalog,
  list: FmpSearchList,
  limit: number,
): SearchResult[] {
  return searchResultsFromTickers(
    catalog,
    list.map((item) => item.symbol),
    limit,
  );
}

/** The profile endpoint lacks P/E and EPS; they come from the quote when one was fetched. */
export function fmpProfileToProfile(
  instrument: Instrument,
  profile: FmpProfile | undefined,
  quote: FmpQuote | undefined,
): Profile {
  const price = profile?.price ?? quote?.price;
  const lastDiv = profile?.lastDiv;
  return {
    symbol: instrument.symbol,
    name: instrument.name,
    exchange: instrument.exchange,
    currency: instrument.currency,
    sector: instrument.sector ?? profile?.sector ?? null,
    industry: instrument.industry ?? profile?.industry ?? null,
    isin: instrument.isin ?? profile?.isin ?? null,
    bseCode: instrument.bseCode,
    description: profile?.description || null,
    beta: round2OrNull(profile?.beta),
    marketCap: intOrNull(profile?.mktCap ?? quote?.marketCap),
    pe: round2OrNull(quote?.pe),
    eps: round2OrNull(quote?.eps),
    // lastDiv is the trailing annual dividend per share; as a percent of price it is the yield.
    dividendYield: lastDiv != null && price ? round2((lastDiv / price) * 100) : null,
  };
}
