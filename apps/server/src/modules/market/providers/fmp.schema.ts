import { z } from 'zod';

/** The parts of Financial Modeling Prep's v3 JSON we read; FMP sends null for what it lacks (an index's P/E). */
const num = z.number().nullable().optional();

export const fmpQuoteSchema = z.looseObject({
  symbol: z.string(),
  name: z.string().nullable().optional(),
  price: z.number(),
  changesPercentage: num,
  change: num,
  dayLow: num,
  dayHigh: num,
  yearHigh: num,
  yearLow: num,
  marketCap: num,
  priceAvg50: num,
  priceAvg200: num,
  exchange: z.string().nullable().optional(),
  volume: num,
  avgVolume: num,
  open: num,
  previousClose: num,
  eps: num,
  pe: num,
  timestamp: num,
});
export type FmpQuote = z.infer<typeof fmpQuoteSchema>;
export const fmpQuoteListSchema = z.array(fmpQuoteSchema);

export const fmpSearchListSchema = z.array(
  z.looseObject({
    symbol: z.string(),
    name: z.string().nullable().optional(),
    currency: z.string().nullable().optional(),
    stockExchange: z.string().nullable().optional(),
    exchangeShortName: z.string().nullable().optional(),
  }),
);
export type FmpSearchList = z.infer<typeof fmpSearchListSchema>;

export const fmpBarSchema = z.looseObject({
  date: z.string(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: num,
});
export type FmpBar = z.infer<typeof fmpBarSchema>;
export const fmpIntradayListSchema = z.array(fmpBarSchema);
/** historical-price-full answers `{}` for a symbol it does not know. */
export const fmpDailyResponseSchema = z.looseObject({
  symbol: z.string().optional(),
  historical: z.array(fmpBarSchema).optional(),
});

export const fmpProfileListSchema = z.array(
  z.looseObject({
    symbol: z.string(),
    price: num,
    beta: num,
    mktCap: num,
    lastDiv: num,
    companyName: z.string().nullable().optional(),
    currency: z.string().nullable().optional(),
    isin: z.string().nullable().optional(),
    exchangeShortName: z.string().nullable().optional(),
    industry: z.string().nullable().optional(),
    sector: z.string().nullable().optional(),
    description: z.string().nullable().optional(),
  }),
);
export type FmpProfile = z.infer<typeof fmpProfileListSchema>[number];

export const fmpMoverListSchema = z.array(
  z.looseObject({
    symbol: z.string(),
    name: z.string().nullable().optional(),
    change: num,
    price: num,
    changesPercentage: num,
  }),
);

/** FMP's error envelope, sent with 401/403/429 and sometimes with a 200. */
export const fmpErrorSchema = z.looseObject({ 'Error Message': z.string() });
