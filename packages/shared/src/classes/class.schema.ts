import { z } from 'zod';
import { safeString } from '../lib/safe-string.js';
import { ORDER_TYPES, type OrderType } from '../trading/order.schema.js';
import {
  MAX_PORTFOLIO_STARTING_CASH_RUPEES,
  startingCashRupeesField,
} from '../portfolios/portfolio.schema.js';
import { NIFTY_50, NIFTY_50_AS_OF } from '../market/nifty-50.js';
import { NIFTY_100, NIFTY_100_AS_OF } from '../market/nifty-100.js';
import { lazySchema } from '../lib/lazy-schema.js';

/**
 * Classrooms (issue 26): a teacher's class with an invite code; each student trades a `class`
 * portfolio under the class's rules. Virtual cash only; no prizes.
 */

export const CLASS_INVITE_CODE_MIN = 6;
export const CLASS_INVITE_CODE_LENGTH = 8;
/** Named index universes. NIFTY500 is the bundled universe: NSE's NIFTY 500 list of 2026-08-01. */
export const CLASS_UNIVERSES = ['NIFTY50', 'NIFTY100', 'NIFTY500'] as const;
export type ClassUniverseName = (typeof CLASS_UNIVERSES)[number];
export const CLASS_UNIVERSE_LABELS: Record<ClassUniverseName, string> = {
  NIFTY50: `NIFTY 50 (list of ${NIFTY_50_AS_OF})`,
  NIFTY100: `NIFTY 100 (list of ${NIFTY_100_AS_OF})`,
  NIFTY500: 'NIFTY 500 (the bundled market, list of 2026-08-01)',
};
/** The members of a named universe; NIFTY500 is null: every tradable bundled stock. */
export function universeSymbols(name: ClassUniverseName): ReadonlySet<string> | null {
  if (name === 'NIFTY50') return new Set(NIFTY_50);
  if (name === 'NIFTY100') return new Set(NIFTY_100);
  return null;
}

const ruleNumber = (label: string) => z.number({ error: `${label} must be a number` });

export const classRulesSchema = lazySchema(() =>
  z
    .object({
      /** A position's value may be at most this % of the class portfolio's value. */
      maxPositionPercent: ruleNumber('Position cap')
        .int('Position cap must be a whole percent')
        .min(1, 'Position cap must be at least 1%')
        .max(100, 'Position cap must be at most 100%')
        .optional(),
      /** Intraday (MIS) orders; allowed unless false. */
      allowMIS: z.boolean({ error: 'allowMIS must be true or false' }).optional(),
      allowedOrderTypes: z
        .array(z.enum(ORDER_TYPES, { error: 'Order types must be MARKET, LIMIT or STOP' }))
        .min(1, 'Allow at least one order type')
        .max(ORDER_TYPES.length)
        .refine((a) => new Set(a).size === a.length, 'Each order type once')
        .optional(),
      universe: z
        .union([
          z.enum(CLASS_UNIVERSES, { error: 'Universe must be NIFTY50, NIFTY100, NIFTY500 or a list' }),
          z
            .array(
              safeString()
                .trim()
                .toUpperCase()
                .regex(/^[A-Z0-9&-]{1,20}$/, 'Each symbol is an NSE symbol such as RELIANCE'),
            )
            .min(1, 'A symbol list needs at least one symbol')
            .max(500, 'At most 500 symbols'),
        ])
        .optional(),
      /** Rupees: stocks priced below are not bought. */
      minPrice: ruleNumber('Minimum price')
        .positive('Minimum price must be above ₹0')
        .max(100_000, 'Minimum price must be at most ₹1,00,000')
        .optional(),
      maxTradesPerDay: ruleNumber('Trades per day')
        .int('Trades per day must be a whole number')
        .min(1, 'Allow at least 1 trade a day')
        .max(500, 'At most 500 trades a day')
        .optional(),
      /** Every order carries a note (it becomes a journal entry linked to the fill). */
      requireTradeNote: z.boolean({ error: 'requireTradeNote must be true or false' }).optional(),
      /** Classmates may see each other's holdings (the teacher always can); private unless true. */
      showHoldingsToClassmates: z
        .boolean({ error: 'showHoldingsToClassmates must be true or false' })
        .optional(),
      /** Rupees of virtual cash added to each student's class portfolio every class week. */
      weeklyDeposit: ruleNumber('Weekly deposit')
        .int('Weekly deposit must be whole rupees')
        .min(1, 'Weekly deposit must be at least ₹1')
        .max(MAX_PORTFOLIO_STARTING_CASH_RUPEES, 'Weekly deposit is too large')
        .optional(),
    })
    .strict(),
);
export type ClassRules = z.infer<typeof classRulesSchema>;

const dayField = (label: string) =>
  safeString({ error: `${label} is required (YYYY-MM-DD)` }).regex(
    /^\d{4}-\d{2}-\d{2}$/,
    `${label} must be a date, YYYY-MM-DD`,
  );

export const createClassRequestSchema = lazySchema(() =>
  z
    .object({
      name: safeString({ error: 'Class name cannot be empty' })
        .trim()
        .min(1, 'Class name cannot be empty')
        .max(60, 'Class name must be at most 60 characters'),
      /** Rupees of virtual cash each student starts with. */
      startingCash: startingCashRupeesField,
      startDate: dayField('Start date'),
      endDate: dayField('End date'),
      rules: classRulesSchema.default({}),
    })
    .strict()
    .refine((b) => b.endDate >= b.startDate, {
      message: 'End date must be on or after the start date',
      path: ['endDate'],
    }),
);
export type CreateClassRequest = z.infer<typeof createClassRequestSchema>;

export const joinClassRequestSchema = lazySchema(() =>
  z
    .object({
      inviteCode: safeString({ error: 'Invite code is required' })
        .trim()
        .toUpperCase()
        .min(CLASS_INVITE_CODE_MIN, `Invite codes are at least ${CLASS_INVITE_CODE_MIN} characters`)
        .max(32, 'Invite code not found'),
    })
    .strict(),
);
export type JoinClassRequest = z.infer<typeof joinClassRequestSchema>;

export const classIdParamsSchema = lazySchema(() => z.object({ id: safeString().uuid('Class not found') }));
export const classMemberParamsSchema = lazySchema(() =>
  classIdParamsSchema.extend({
    userId: safeString().uuid('Student not found'),
  }),
);

export const classMemberStatusSchema = lazySchema(() => z.enum(['active', 'removed']));
export type ClassMemberStatus = z.infer<typeof classMemberStatusSchema>;

export const classMemberSchema = lazySchema(() =>
  z.object({
    userId: z.string(),
    fullName: z.string(),
    status: classMemberStatusSchema,
    joinedAt: z.string(),
    portfolioId: z.string(),
  }),
);
export type ClassMember = z.infer<typeof classMemberSchema>;

export const classSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    role: z.enum(['teacher', 'student']),
    teacherName: z.string(),
    startingCash: z.number(),
    startDate: z.string(),
    endDate: z.string(),
    rules: classRulesSchema,
    /** Teacher only; null for students. */
    inviteCode: z.string().nullable(),
    activeStudents: z.number().int(),
    /** The caller's membership as a student (null for the teacher). */
    membership: z
      .object({ status: classMemberStatusSchema, portfolioId: z.string(), joinedAt: z.string() })
      .nullable(),
    createdAt: z.string(),
  }),
);
export type ClassInfo = z.infer<typeof classSchema>;

export const classDetailSchema = lazySchema(() =>
  classSchema.extend({
    /** The roster: teacher only (students get an empty list). */
    members: z.array(classMemberSchema),
  }),
);
export type ClassDetail = z.infer<typeof classDetailSchema>;

export const classListResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), data: z.array(classSchema) }),
);
export const classResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    message: z.string().optional(),
    data: classDetailSchema,
  }),
);
export const classOkResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), message: z.string() }),
);

export const classStandingSchema = lazySchema(() =>
  z.object({
    rank: z.number().int(),
    userId: z.string(),
    fullName: z.string(),
    /** Time-weighted return since joining, % (2 decimals). */
    twrPercent: z.number(),
    /** Largest fall from a peak, % (2 decimals, ≥ 0). */
    maxDrawdownPercent: z.number(),
    /** Return over drawdown (drawdown floored at 1%): rewards steady gains over lucky swings. */
    riskAdjustedScore: z.number(),
    trades: z.number().int(),
    notes: z.number().int(),
    /** Class assignments this student has completed. */
    assignmentsDone: z.number().int(),
    you: z.boolean(),
  }),
);
export type ClassStanding = z.infer<typeof classStandingSchema>;

export const classLeaderboardSchema = lazySchema(() =>
  z.object({
    /** When the standings job last computed them (null: not yet). */
    refreshedAt: z.string().nullable(),
    rows: z.array(classStandingSchema),
  }),
);
export type ClassLeaderboard = z.infer<typeof classLeaderboardSchema>;
export const classLeaderboardResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: classLeaderboardSchema,
  }),
);

/** The floor of the drawdown in the risk-adjusted score, as a fraction. */
export const CLASS_SCORE_DRAWDOWN_FLOOR = 0.01;

/** One line per rule, as the order ticket and the class page show them. */
export function describeClassRules(rules: ClassRules): string[] {
  const lines: string[] = [];
  if (rules.maxPositionPercent !== undefined)
    lines.push(`Positions are capped at ${rules.maxPositionPercent}% of your class portfolio`);
  if (rules.allowMIS === false) lines.push('Intraday (MIS) orders are not allowed: delivery (CNC) only');
  if (rules.allowedOrderTypes)
    lines.push(`Order types allowed: ${rules.allowedOrderTypes.map(orderTypeLabel).join(', ')}`);
  if (rules.universe !== undefined)
    lines.push(
      typeof rules.universe === 'string'
        ? `Only stocks in the ${CLASS_UNIVERSE_LABELS[rules.universe]}`
        : `Only these stocks: ${rules.universe.join(', ')}`,
    );
  if (rules.minPrice !== undefined) lines.push(`Stocks priced below ₹${rules.minPrice} cannot be bought`);
  if (rules.maxTradesPerDay !== undefined)
    lines.push(`At most ${rules.maxTradesPerDay} order${rules.maxTradesPerDay === 1 ? '' : 's'} a day`);
  if (rules.requireTradeNote) lines.push('Every order needs a trade note');
  if (rules.weeklyDeposit !== undefined)
    lines.push(`₹${rules.weeklyDeposit.toLocaleString('en-IN')} of virtual cash is added every class week`);
  return lines;
}

function orderTypeLabel(t: OrderType): string {
  return t === 'MARKET' ? 'market' : t === 'LIMIT' ? 'limit' : 'stop';
}
