import { z } from 'zod';
import { safeString } from '../lib/safe-string.js';
import { lazySchema } from '../lib/lazy-schema.js';

/**
 * Class assignments (issue 26): a teacher sets a task of one of four kinds; each student's progress is
 * computed from the records of their class portfolio (orders, positions, GTTs, journal), never ticked
 * by hand. Once met, an assignment stays done, with the time it was first seen met.
 */
export const ASSIGNMENT_KINDS = ['limit_orders', 'sectors', 'gtt_stop_target', 'trade_review'] as const;
export type AssignmentKind = (typeof ASSIGNMENT_KINDS)[number];
export const MAX_ASSIGNMENTS_PER_CLASS = 20;
export const MAX_ASSIGNMENT_COUNT = 20;

/** What each kind asks, for `count` = N. */
export function describeAssignment(kind: AssignmentKind, count: number): string {
  const s = count === 1 ? '' : 's';
  switch (kind) {
    case 'limit_orders':
      return `Place ${count} limit order${s}`;
    case 'sectors':
      return `Hold stocks from at least ${count} sector${s}`;
    case 'gtt_stop_target':
      return count === 1
        ? 'Set a GTT with a stop and a target'
        : `Set ${count} GTTs with a stop and a target`;
    case 'trade_review':
      return count === 1 ? 'Write a review of a closed trade' : `Write reviews of ${count} closed trades`;
  }
}

/** The unit progress is counted in ("2 of 3 limit orders"). */
export function assignmentUnit(kind: AssignmentKind, count: number): string {
  const s = count === 1 ? '' : 's';
  switch (kind) {
    case 'limit_orders':
      return `limit order${s}`;
    case 'sectors':
      return `sector${s}`;
    case 'gtt_stop_target':
      return `stop-and-target GTT${s}`;
    case 'trade_review':
      return `trade review${s}`;
  }
}

export const createAssignmentRequestSchema = lazySchema(() =>
  z
    .object({
      kind: z.enum(ASSIGNMENT_KINDS, {
        error: 'Kind must be limit_orders, sectors, gtt_stop_target or trade_review',
      }),
      /** N: limit orders to place, sectors to hold, GTTs to set, trades to review. */
      count: z
        .number({ error: 'Count must be a number' })
        .int('Count must be a whole number')
        .min(1, 'Count must be at least 1')
        .max(MAX_ASSIGNMENT_COUNT, `Count must be at most ${MAX_ASSIGNMENT_COUNT}`)
        .default(1),
    })
    .strict(),
);
export type CreateAssignmentRequest = z.infer<typeof createAssignmentRequestSchema>;

export const classAssignmentParamsSchema = lazySchema(() =>
  z.object({
    id: safeString().uuid('Class not found'),
    assignmentId: safeString().uuid('Assignment not found'),
  }),
);

export const assignmentProgressSchema = lazySchema(() =>
  z.object({
    /** How far along: limit orders placed, sectors held, GTTs set, closed trades reviewed. */
    current: z.number().int(),
    target: z.number().int(),
    done: z.boolean(),
    /** When it was first seen met (ISO), null while not done. */
    doneAt: z.string().nullable(),
  }),
);
export type AssignmentProgress = z.infer<typeof assignmentProgressSchema>;

export const classAssignmentSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    kind: z.enum(ASSIGNMENT_KINDS),
    count: z.number().int(),
    title: z.string(),
    unit: z.string(),
    createdAt: z.string(),
    /** The caller's own progress (a student); null for the teacher. */
    progress: assignmentProgressSchema.nullable(),
    /** Teacher only: each active student's progress (empty for students). */
    students: z.array(assignmentProgressSchema.extend({ userId: z.string(), fullName: z.string() })),
  }),
);
export type ClassAssignment = z.infer<typeof classAssignmentSchema>;

export const classAssignmentListResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: z.array(classAssignmentSchema),
  }),
);
export const classAssignmentResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    data: classAssignmentSchema,
  }),
);
