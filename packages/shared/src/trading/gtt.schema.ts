import { z } from 'zod';
import { formatInr } from '../lib/money.js';
import { symbolParam } from '../market/market.schema.js';
import { isOnTick, tickSize } from '../market/tick-size.js';
import { MAX_ORDER_PRICE, MAX_ORDER_QUANTITY, ORDER_SIDES, QUANTITY_MESSAGE } from './order.schema.js';
import { DEFAULT_PRODUCT, productSchema, PRODUCTS } from './product.js';
import { portfolioIdSchema, portfolioQuerySchema } from '../portfolios/portfolio.schema.js';
import { lazySchema } from '../lib/lazy-schema.js';

/**
 * GTT (good till triggered): the standing order Indian brokers offer instead of GTC, which the
 * exchanges do not have. A trigger watched by the broker, not an order at the exchange: when the
 * last price touches or gaps through it, a LIMIT DAY order is placed at the leg's limit price.
 * `single` has one leg; `oco` (one cancels the other) has a stop-loss below and a target above the
 * last price, to sell a held position: the first leg to fire places its order and ends the other.
 */
export const GTT_KINDS = ['single', 'oco'] as const;
export type GttKind = (typeof GTT_KINDS)[number];
/** REJECTED: the trigger fired but the order it placed was refused (the reason is kept). */
export const GTT_STATUSES = ['ACTIVE', 'TRIGGERED', 'CANCELLED', 'EXPIRED', 'REJECTED'] as const;
export type GttStatus = (typeof GTT_STATUSES)[number];
/** Which way the price must move from the last price at creation for a leg to fire. */
export type GttDirection = 'up' | 'down';

/**
 * How long a GTT stays valid, as dated data. The rule carries no start date in the broker's
 * terms; the earliest dated description of it found is the one cited.
 */
export const GTT_VALIDITY_RULES = [
  {
    effectiveFrom: '2019-07-25',
    validityYears: 1,
    maxActive: 100,
    source:
      'zerodha.com/tos/gtt; support.zerodha.com "What is the Good Till Triggered (GTT) feature?" (valid one year, at most 100 active); dated by chittorgarh.com 2019-07-25',
  },
] as const;

/** The rule in force on an ISO date (the latest whose `effectiveFrom` is on or before it). */
export function gttValidityFor(dateIso: string): (typeof GTT_VALIDITY_RULES)[number] {
  const day = dateIso.slice(0, 10);
  let found: (typeof GTT_VALIDITY_RULES)[number] = GTT_VALIDITY_RULES[0];
  for (const rule of GTT_VALIDITY_RULES) if (rule.effectiveFrom <= day) found = rule;
  return found;
}

/** When a GTT made at `createdMs` lapses: the same instant, `validityYears` later (a calendar year). */
export function gttExpiry(createdMs: number): Date {
  const at = new Date(createdMs);
  const rule = gttValidityFor(at.toISOString());
  at.setUTCFullYear(at.getUTCFullYear() + rule.validityYears);
  return at;
}

/**
 * Nivesh's guard, not an exchange rule: a limit this far from its trigger would rest unfilled (a
 * buy far below) or fill far from where the user meant to act, which is almost always a typo.
 */
export const GTT_LIMIT_MAX_DISTANCE = 0.1;
export const GTT_CANCELLED_REASON = 'Cancelled by you';
export const GTT_EXPIRED_REASON = 'Reached its expiry date (one year) without triggering';
/** What a replay's finish does to its GTTs that have not fired (status CANCELLED). */
export const REPLAY_ENDED_GTT_REASON = 'Cancelled when the replay finished';
export const GTT_OCO_OTHER_LEG_REASON = 'The other leg triggered first';
export const GTT_LIMIT_MESSAGE = (max: number) =>
  `You can keep at most ${max} active GTTs; cancel some first`;

const priceField = (label: string) =>
  z
    .number({ error: `Please enter a valid ${label.toLowerCase()}` })
    .finite(`Please enter a valid ${label.toLowerCase()}`)
    .positive(`${label} must be more than 0`)
    .max(MAX_ORDER_PRICE, `${label} must be at most ₹${MAX_ORDER_PRICE.toLocaleString('en-IN')}`);

export const gttLegInputSchema = lazySchema(() =>
  z.object({
    triggerPrice: priceField('Trigger price'),
    limitPrice: priceField('Limit price'),
  }),
);
export type GttLegInput = z.infer<typeof gttLegInputSchema>;

const quantityField = lazySchema(() =>
  z
    .number({ error: QUANTITY_MESSAGE })
    .int(QUANTITY_MESSAGE)
    .min(1, QUANTITY_MESSAGE)
    .max(MAX_ORDER_QUANTITY, `Quantity must be at most ${MAX_ORDER_QUANTITY}`),
);

const legsField = lazySchema(() =>
  z
    .array(gttLegInputSchema, { error: 'Give the legs: one for single, two for OCO' })
    .min(1, 'Give at least one leg')
    .max(2, 'A GTT has at most two legs'),
);

/** One problem with a GTT's legs: the field path (`legs.0.limitPrice`) and its message. */
export interface GttIssue {
  path: string;
  message: string;
}

/**
 * The checks that need no market: the number of legs for the kind, OCO only to sell, each price
 * on the tick grid, and each limit near its trigger. Shared by the request schema and the dialog.
 */
export function gttShapeIssues(b: {
  kind: GttKind;
  side: (typeof ORDER_SIDES)[number];
  legs: GttLegInput[];
}) {
  const issues: GttIssue[] = [];
  const want = b.kind === 'single' ? 1 : 2;
  if (b.legs.length !== want)
    issues.push({
      path: 'legs',
      message: b.kind === 'single' ? 'A single GTT has exactly one leg' : 'An OCO GTT has exactly two legs',
    });
  if (b.kind === 'oco' && b.side !== 'SELL')
    issues.push({ path: 'side', message: 'OCO is for selling a held position: side must be SELL' });
  b.legs.forEach((leg, i) => {
    for (const [field, label] of [
      ['triggerPrice', 'Trigger price'],
      ['limitPrice', 'Limit price'],
    ] as const) {
      const price = leg[field];
      if (!isOnTick(price))
        issues.push({
          path: `legs.${i}.${field}`,
          message: `${label} must be a multiple of the tick size (₹${tickSize(price).toFixed(2)})`,
        });
    }
    if (Math.abs(leg.limitPrice - leg.triggerPrice) > leg.triggerPrice * GTT_LIMIT_MAX_DISTANCE + 1e-9)
      issues.push({
        path: `legs.${i}.limitPrice`,
        message: `Limit price must be within ${GTT_LIMIT_MAX_DISTANCE * 100}% of its trigger (${formatInr(leg.triggerPrice)})`,
      });
  });
  return issues;
}

/**
 * The checks against the last price, which the server makes with the quote it reads and the
 * dialog with the quote it shows: a trigger equal to the price would fire at once, and OCO needs
 * one leg below the price (the stop-loss) and one above it (the target).
 */
export function gttPriceIssues(b: { kind: GttKind; legs: GttLegInput[] }, lastPrice: number): GttIssue[] {
  const issues: GttIssue[] = [];
  b.legs.forEach((leg, i) => {
    if (leg.triggerPrice === lastPrice)
      issues.push({
        path: `legs.${i}.triggerPrice`,
        message: `Trigger price equals the last price (${formatInr(lastPrice)}); set it above or below`,
      });
  });
  if (b.kind === 'oco' && b.legs.length === 2 && issues.length === 0) {
    const [a, c] = b.legs.map((l) => gttDirection(l.triggerPrice, lastPrice));
    if (a === c)
      issues.push({
        path: 'legs',
        message: `OCO needs a stop-loss trigger below and a target trigger above the last price (${formatInr(lastPrice)})`,
      });
  }
  return issues;
}

/** A leg above the reference price fires when the price rises to it; below, when it falls to it. */
export function gttDirection(triggerPrice: number, referencePrice: number): GttDirection {
  return triggerPrice > referencePrice ? 'up' : 'down';
}

const addIssues = (ctx: z.RefinementCtx, issues: GttIssue[]) => {
  for (const issue of issues)
    ctx.addIssue({
      code: 'custom',
      path: issue.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      message: issue.message,
    });
};

export const createGttRequestSchema = lazySchema(() =>
  z
    .object({
      symbol: symbolParam,
      kind: z.enum(GTT_KINDS, { error: 'Kind must be single or oco' }),
      side: z.enum(ORDER_SIDES, { error: 'Side must be BUY or SELL' }),
      product: productSchema.default(DEFAULT_PRODUCT),
      quantity: quantityField,
      legs: legsField,
      /** The portfolio the GTT lives in; omitted means main. */
      portfolioId: portfolioIdSchema.optional(),
    })
    .superRefine((b, ctx) => addIssues(ctx, gttShapeIssues(b))),
);
export type CreateGttRequest = z.input<typeof createGttRequestSchema>;

/** While ACTIVE: a new quantity and/or new legs (as many as the kind has). */
export const updateGttRequestSchema = lazySchema(() =>
  z
    .object({
      quantity: quantityField.optional(),
      legs: legsField.optional(),
      /** The portfolio the GTT lives in; omitted means main. A GTT of another portfolio is a 404. */
      portfolioId: portfolioIdSchema.optional(),
    })
    .refine((b) => b.quantity !== undefined || b.legs !== undefined, {
      message: 'Nothing to change',
      path: ['body'],
    }),
);
export type UpdateGttRequest = z.input<typeof updateGttRequestSchema>;

export const gttIdParamsSchema = lazySchema(() => z.object({ id: z.uuid({ error: 'GTT not found' }) }));

/** DELETE /gtt/{id} names the portfolio in its optional body, as the other writes do (none: main). */
export const cancelGttRequestSchema = z.optional(
  z.nullable(lazySchema(() => z.object({ portfolioId: portfolioIdSchema.optional() }))),
);
export type CancelGttRequest = z.infer<typeof cancelGttRequestSchema>;

export const gttListQuerySchema = lazySchema(() =>
  portfolioQuerySchema.extend({
    status: z
      .enum([...GTT_STATUSES, 'all'], { error: `Status must be all or one of ${GTT_STATUSES.join(', ')}` })
      .default('all'),
    limit: z.coerce.number().int().min(1).max(200).default(100),
  }),
);
export type GttListQuery = z.infer<typeof gttListQuerySchema>;

export const gttLegSchema = lazySchema(() =>
  z.object({
    triggerPrice: z.number(),
    limitPrice: z.number(),
    /** Up: fires when the price rises to the trigger; down: when it falls to it. */
    direction: z.enum(['up', 'down']),
  }),
);
export type GttLeg = z.infer<typeof gttLegSchema>;

/** Money fields are rupees with 2 decimals; the server keeps paise. */
export const gttSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    symbol: z.string(),
    name: z.string(),
    kind: z.enum(GTT_KINDS),
    side: z.enum(ORDER_SIDES),
    product: z.enum(PRODUCTS),
    quantity: z.number().int(),
    legs: z.array(gttLegSchema),
    /** The last price when the GTT was made (or last modified): what each leg's direction is from. */
    referencePrice: z.number(),
    status: z.enum(GTT_STATUSES),
    /** Why it was cancelled, expired or rejected, in words a user reads. */
    statusReason: z.string().nullable(),
    /** Index into `legs` of the leg that fired; null while none has. */
    triggeredLeg: z.number().int().nullable(),
    triggeredAt: z.string().nullable(),
    /** The price of the tick that fired it. */
    triggeredPrice: z.number().nullable(),
    /** The LIMIT order it placed, once placed. */
    orderId: z.string().nullable(),
    expiresAt: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type Gtt = z.infer<typeof gttSchema>;

export const gttResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), message: z.string(), data: gttSchema }),
);
export const gttListResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: z.array(gttSchema),
    /** Active GTTs now, and how many may be active at once. */
    active: z.number().int(),
    maxActive: z.number().int(),
  }),
);

/** "SELL 10 ITC: stop-loss ₹400.00 → limit ₹398.00 · target ₹480.00 → limit ₹479.00" */
export function describeGtt(g: Pick<Gtt, 'kind' | 'side' | 'quantity' | 'symbol' | 'legs'>): string {
  const legs = g.legs.map((l) => {
    const name = g.kind === 'oco' ? (l.direction === 'down' ? 'stop-loss ' : 'target ') : 'trigger ';
    return `${name}${formatInr(l.triggerPrice)} → limit ${formatInr(l.limitPrice)}`;
  });
  return `${g.side} ${g.quantity} ${g.symbol}: ${legs.join(' · ')}`;
}
