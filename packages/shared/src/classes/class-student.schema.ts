import { z } from 'zod';
import { habitsSchema } from '../insights/insights.schema.js';
import { journalFillSchema } from '../journal/journal.schema.js';
import { holdingSchema } from '../trading/portfolio.schema.js';
import { classMemberSchema } from './class.schema.js';
import { lazySchema } from '../lib/lazy-schema.js';

/**
 * The teacher's view of one student (issue 26 §Teacher view): the class portfolio's habits (the
 * /insights figures), holdings, trades with their notes and a process rubric computed from those
 * records only. Holdings alone may also be shown to classmates when the class allows it.
 */

/** Plain-words levels of a rubric criterion; `unmeasured` when the records cannot tell yet. */
export const RUBRIC_LEVELS = ['strong', 'developing', 'weak', 'unmeasured'] as const;
export const rubricLevelSchema = lazySchema(() => z.enum(RUBRIC_LEVELS));
export type RubricLevel = z.infer<typeof rubricLevelSchema>;
export const RUBRIC_LEVEL_LABELS: Record<RubricLevel, string> = {
  strong: 'Strong',
  developing: 'Developing',
  weak: 'Needs work',
  unmeasured: 'Not enough records yet',
};

export const RUBRIC_CRITERIA = ['notes', 'exits', 'diversification', 'sizing', 'refusals'] as const;
export const rubricCriterionSchema = lazySchema(() =>
  z.object({
    key: z.enum(RUBRIC_CRITERIA),
    label: z.string(),
    /** The figure, in words, e.g. "4 of 5 trades (80%)". */
    figure: z.string(),
    level: rubricLevelSchema,
    /** How the level was decided, so a teacher can check it. */
    basis: z.string(),
  }),
);
export type RubricCriterion = z.infer<typeof rubricCriterionSchema>;

export const classTradeSchema = lazySchema(() =>
  journalFillSchema.extend({
    /** The note of the journal entry linked to this fill (null: none written). */
    note: z.string().nullable(),
    /** The review written after the trade, if any. */
    review: z.string().nullable(),
  }),
);
export type ClassTrade = z.infer<typeof classTradeSchema>;

export const classStudentSchema = lazySchema(() =>
  z.object({
    student: classMemberSchema,
    startingCash: z.number(),
    habits: habitsSchema,
    holdings: z.array(holdingSchema),
    /** Newest first. */
    trades: z.array(classTradeSchema),
    rubric: z.array(rubricCriterionSchema),
    ruleRefusals: z.number().int(),
  }),
);
export type ClassStudent = z.infer<typeof classStudentSchema>;
export const classStudentResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), data: classStudentSchema }),
);

export const classStudentHoldingsSchema = lazySchema(() =>
  z.object({
    student: classMemberSchema.pick({ userId: true, fullName: true, status: true }),
    holdings: z.array(holdingSchema),
  }),
);
export type ClassStudentHoldings = z.infer<typeof classStudentHoldingsSchema>;
export const classStudentHoldingsResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: classStudentHoldingsSchema,
  }),
);
