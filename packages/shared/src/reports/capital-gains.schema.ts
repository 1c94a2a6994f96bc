import { z } from 'zod';
import { PRODUCTS } from '../trading/product.js';
import { portfolioKindSchema, portfolioSeasonQuerySchema } from '../portfolios/portfolio.schema.js';
import { CAPITAL_GAINS_TAX_RATES } from './tax-rates.js';
import { FINANCIAL_YEAR_MESSAGE, financialYearLabel, financialYearStart } from './financial-year.js';
import { lazySchema } from '../lib/lazy-schema.js';

/**
 * The capital-gains report (/api/reports/capital-gains): every realised lot of a financial year,
 * matched FIFO, with its tax class, the totals per class and an estimate of the tax. Money in
 * rupees with 2 decimals (the server computes in paise); dates are IST calendar dates.
 */
export const TAX_CLASSES = ['INTRADAY', 'STCG', 'LTCG'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];

export const TAX_CLASS_LABELS: Record<TaxClass, string> = {
  INTRADAY: 'Intraday (speculative)',
  STCG: 'Short-term capital gains',
  LTCG: 'Long-term capital gains',
};

/** The first financial year the bundled tax rates cover. */
export const FIRST_REPORT_YEAR = financialYearLabel(
  Number(CAPITAL_GAINS_TAX_RATES[0]!.effectiveFrom.slice(0, 4)),
);

export const financialYearSchema = lazySchema(() =>
  z
    .string()
    .refine((v) => financialYearStart(v) !== null, FINANCIAL_YEAR_MESSAGE)
    .refine(
      (v) => (financialYearStart(v) ?? 0) >= financialYearStart(FIRST_REPORT_YEAR)!,
      `Reports start at the financial year ${FIRST_REPORT_YEAR}`,
    ),
);

/**
 * `fy` defaults to the financial year of today (IST); `portfolioId` to main and `season` to the
 * portfolio's open season (a closed season's report reads its archived fills).
 */
export const capitalGainsQuerySchema = lazySchema(() =>
  portfolioSeasonQuerySchema.extend({
    fy: financialYearSchema.optional(),
  }),
);
export type CapitalGainsQuery = z.infer<typeof capitalGainsQuerySchema>;

const isoDate = lazySchema(() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/));

/** One realised lot: `quantity` shares bought in one fill and sold in another. */
export const capitalGainsLotSchema = lazySchema(() =>
  z.object({
    symbol: z.string(),
    product: z.enum(PRODUCTS),
    buyDate: isoDate,
    sellDate: isoDate,
    quantity: z.number().int().positive(),
    buyPrice: z.number(),
    sellPrice: z.number(),
    /** quantity × buyPrice. */
    buyValue: z.number(),
    /** The buy fill's charges apportioned to these shares. */
    buyCharges: z.number(),
    /** buyValue + buyCharges. */
    cost: z.number(),
    sellValue: z.number(),
    sellCharges: z.number(),
    /** sellValue − sellCharges. */
    proceeds: z.number(),
    /** proceeds − cost. */
    gain: z.number(),
    /** The STT of both sides within those charges, apportioned to these shares. */
    stt: z.number(),
    /**
     * The gain the tax is worked on: for STCG and LTCG, gain + stt, since s.48 allows no deduction
     * for STT; for intraday (business income), the gain itself.
     */
    gainForTax: z.number(),
    holdingDays: z.number().int().nonnegative(),
    taxClass: z.enum(TAX_CLASSES),
    /** The rate in force on the sell date for STCG/LTCG, in percent; null for intraday (slab rate). */
    taxRatePercent: z.number().nullable(),
    buyFillId: z.string(),
    sellFillId: z.string(),
  }),
);
export type CapitalGainsLot = z.infer<typeof capitalGainsLotSchema>;

export const taxClassTotalSchema = lazySchema(() =>
  z.object({
    lots: z.number().int(),
    quantity: z.number().int(),
    cost: z.number(),
    proceeds: z.number(),
    /** Net gain of the class (losses reduce it; may be negative). */
    gain: z.number(),
    /** The same with STT added back where the tax needs it (see the lot's `gainForTax`). */
    gainForTax: z.number(),
  }),
);
export type TaxClassTotal = z.infer<typeof taxClassTotalSchema>;

export const appliedTaxRatesSchema = lazySchema(() =>
  z.object({
    effectiveFrom: isoDate,
    stcgRatePercent: z.number(),
    ltcgRatePercent: z.number(),
    ltcgExemption: z.number(),
    source: z.string(),
  }),
);

/** The portfolio (and season) a report is about. */
export const reportPortfolioSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    kind: portfolioKindSchema,
    season: z.number().int().positive(),
  }),
);
export type ReportPortfolio = z.infer<typeof reportPortfolioSchema>;

/** "Main portfolio" or "Swing ideas · custom", with ", season 2" after a reset: a report's heading. */
export function reportPortfolioLabel(p: ReportPortfolio): string {
  const name = p.kind === 'main' ? 'Main portfolio' : `${p.name} · ${p.kind}`;
  return p.season > 1 ? `${name}, season ${p.season}` : name;
}

export const capitalGainsReportSchema = lazySchema(() =>
  z.object({
    portfolio: reportPortfolioSchema,
    financialYear: z.string(),
    from: isoDate,
    to: isoDate,
    lots: z.array(capitalGainsLotSchema),
    totals: z.object({ INTRADAY: taxClassTotalSchema, STCG: taxClassTotalSchema, LTCG: taxClassTotalSchema }),
    /** The yearly long-term exemption of this financial year. */
    ltcgExemption: z.number(),
    /** How much of it the year's long-term gains used. */
    ltcgExemptionUsed: z.number(),
    /** A net short-term loss set off against long-term gains (a long-term loss cannot go the other way). */
    shortTermLossSetOff: z.number(),
    taxableStcg: z.number(),
    taxableLtcg: z.number(),
    /** STCG + LTCG tax at the rates in force on each sell date, before surcharge and cess. */
    estimatedTax: z.number(),
    taxByClass: z.object({ STCG: z.number(), LTCG: z.number(), INTRADAY: z.null() }),
    intradayNote: z.string(),
    /** The dated rate schedules the year's sells were taxed by (or the one in force at its end). */
    rates: z.array(appliedTaxRatesSchema),
    /** Financial years in which the user sold something, newest first (the picker lists these). */
    yearsWithSells: z.array(z.string()),
    /** The financial year of today, IST. */
    currentYear: z.string(),
    notes: z.array(z.string()),
  }),
);
export type CapitalGainsReport = z.infer<typeof capitalGainsReportSchema>;

export const capitalGainsResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: capitalGainsReportSchema,
  }),
);
