import { z } from 'zod';

/**
 * The parts of Yahoo Finance's public JSON we read. Loose objects: Yahoo adds fields often, and
 * only a change in what we read should count as a malformed response.
 */
const num = z.number().nullable().optional();

export const yahooChartMetaSchema = z.looseObject({
  currency: z.string().nullable().optional(),
  symbol: z.string(),
  exchangeName: z.string().optional(),
  instrumentType: z.string().optional(),
  regularMarketTime: num,
  regularMarketPrice: z.number(),
  chartPreviousClose: num,
  previousClose: num,
  regularMarketDayHigh: num,
  regularMarketDayLow: num,
  regularMarketVolume: num,
  fiftyTwoWeekHigh: num,
  fiftyTwoWeekLow: num,
  longName: z.string().optional(),
  shortName: z.string().optional(),
});

export const yahooChartResultSchema = z.looseObject({
  meta: yahooChartMetaSchema,
  timestamp: z.array(z.number()).optional(),
  indicators: z.looseObject({
    quote: z.array(
      z.looseObject({
        open: z.array(z.number().nullable()).optional(),
        high: z.array(z.number().nullable()).optional(),
        low: z.array(z.number().nullable()).optional(),
        close: z.array(z.number().nullable()).optional(),
        volume: z.array(z.number().nullable()).optional(),
      }),
    ),
  }),
});
export type YahooChartResult = z.infer<typeof yahooChartResultSchema>;

const yahooErrorSchema = z
  .looseObject({ code: z.string(), description: z.string().nullable().optional() })
  .nullable()
  .optional();

export const yahooChartResponseSchema = z.object({
  chart: z.looseObject({
    result: z.array(yahooChartResultSchema).nullable(),
    error: yahooErrorSchema,
  }),
});

export const yahooSearchResponseSchema = z.looseObject({
  quotes: z.array(
    z.looseObject({
      symbol: z.string(),
      shortname: z.string().optional(),
      longname: z.string().optional(),
      quoteType: z.string().optional(),
      exchange: z.string().optional(),
      score: z.number().optional(),
    }),
  ),
});
export type YahooSearchResponse = z.infer<typeof yahooSearchResponseSchema>;

/** quoteSummary wraps numbers as { raw, fmt }, and leaves `{}` when it has no value. */
const rawValue = z.looseObject({ raw: z.number().optional() }).optional();

export const yahooQuoteSummaryResponseSchema = z.object({
  quoteSummary: z.looseObject({
    result: z
      .array(
        z.looseObject({
          assetProfile: z
            .looseObject({
              sector: z.string().optional(),
              industry: z.string().optional(),
              longBusinessSummary: z.string().optional(),
            })
            .optional(),
          summaryDetail: z
            .looseObject({
              beta: rawValue,
              trailingPE: rawValue,
              marketCap: rawValue,
              dividendYield: rawValue,
            })
            .optional(),
          defaultKeyStatistics: z.looseObject({ trailingEps: rawValue, beta: rawValue }).optional(),
        }),
      )
      .nullable(),
    error: yahooErrorSchema,
  }),
});
export type YahooQuoteSummary = NonNullable<
  z.infer<typeof yahooQuoteSummaryResponseSchema>['quoteSummary']['result']
>[number];
