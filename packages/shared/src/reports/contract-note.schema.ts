import { z } from 'zod';
import { financialYearSchema } from './capital-gains.schema.js';
import { portfolioSeasonQuerySchema } from '../portfolios/portfolio.schema.js';
import { lazySchema } from '../lib/lazy-schema.js';

/**
 * The simulated contract note: one PDF per IST trading day with every trade, every charge line
 * and the net obligation, as a broker sends after each day with trades.
 */
const isCalendarDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** The day's note of one portfolio's season (main's open season when omitted). */
export const contractNoteQuerySchema = lazySchema(() =>
  portfolioSeasonQuerySchema.extend({
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD')
      .refine(isCalendarDate, 'Date must be a real calendar date'),
  }),
);
export type ContractNoteQuery = z.infer<typeof contractNoteQuerySchema>;

/** The IST days of a financial year with at least one trade: the contract notes there are. */
export const tradeDaysQuerySchema = lazySchema(() =>
  portfolioSeasonQuerySchema.extend({ fy: financialYearSchema.optional() }),
);

export const tradeDaysResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: z.object({
      financialYear: z.string(),
      days: z.array(z.object({ date: z.string(), trades: z.number().int().positive() })),
    }),
  }),
);
export type TradeDays = z.infer<typeof tradeDaysResponseSchema>['data'];

export const CONTRACT_NOTE_TITLE = 'Simulated contract note (paper trading, not a real contract note)';
