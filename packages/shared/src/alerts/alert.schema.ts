import { z } from 'zod';
import { symbolParam } from '../market/market.schema.js';
import { portfolioIdSchema } from '../portfolios/portfolio.schema.js';
import { lazySchema } from '../lib/lazy-schema.js';

/** What an alert watches: the last price, the day's change in percent, or the day's volume. */
export const ALERT_WATCHES = ['price', 'dayChangePct', 'volume'] as const;
/**
 * 'above' and 'below' fire as soon as the value is at or past the level (even if it already was
 * when the alert was made); the crossings fire only on a fresh cross from the other side.
 */
export const ALERT_CONDITIONS = ['above', 'below', 'crosses_up', 'crosses_down'] as const;
/** once (the default): fire, then TRIGGERED. daily: at most once per IST day. every: each time, after a cooldown. */
export const ALERT_FREQUENCIES = ['once', 'daily', 'every'] as const;
export const ALERT_STATUSES = ['ACTIVE', 'TRIGGERED', 'DISABLED', 'EXPIRED'] as const;
export type AlertWatch = (typeof ALERT_WATCHES)[number];
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** Alerts a user may keep, whatever their status (as Kite counts them). */
export const MAX_ALERTS_PER_USER = 200;
export const ALERT_NOTE_MAX = 128;
export const ALERT_DEFAULT_EXPIRY_DAYS = 365;
/** One day over the default, so "the end of the day a year from now" (a date picker's choice) is allowed. */
export const ALERT_MAX_EXPIRY_DAYS = 366;
export const ALERT_DEFAULT_COOLDOWN_SECONDS = 60;
/** The breaker: an 'every' alert that fires this many times inside the window disables itself. */
export const ALERT_BREAKER_FIRINGS = 15;
export const ALERT_BREAKER_WINDOW_MS = 3 * 60_000;
export const ALERT_BREAKER_REASON = 'Fired 15 times in 3 minutes, so it switched itself off';
export const ALERT_EXPIRED_REASON = 'Reached its expiry date';
export const ALERT_PAUSED_REASON = 'Paused by you';
/** Inside a replay an alert watches the replay's price path; day change and volume are not modelled there. */
export const REPLAY_ALERT_WATCH_MESSAGE = 'Inside a replay an alert watches the last price';
/** What a replay's finish does to its alerts that have not fired (status EXPIRED). */
export const REPLAY_ENDED_ALERT_REASON = 'Ended when the replay finished';
export const ALERT_LIMIT_MESSAGE = `You can keep at most ${MAX_ALERTS_PER_USER} alerts; delete some first`;

export const ALERT_WATCH_LABELS: Record<AlertWatch, string> = {
  price: 'Last price',
  dayChangePct: 'Day change %',
  volume: 'Day volume',
};
export const ALERT_CONDITION_LABELS: Record<AlertCondition, string> = {
  above: 'at or above',
  below: 'at or below',
  crosses_up: 'crosses up through',
  crosses_down: 'crosses down through',
};
export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  once: 'Once',
  daily: 'Once per day',
  every: 'Every time',
};

// No NUL and no lone UTF-16 surrogate: they break storage, mail and rendering.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const noteField = lazySchema(() =>
  z
    .string({ error: 'Note must be text' })
    .trim()
    .max(ALERT_NOTE_MAX, `Note must be at most ${ALERT_NOTE_MAX} characters`)
    .refine(
      (v) => !v.includes('\u0000') && !LONE_SURROGATE.test(v),
      'Note contains characters that are not allowed',
    ),
);

const VALUE_MESSAGE = 'Please enter a valid alert value';
const valueField = lazySchema(() => z.number({ error: VALUE_MESSAGE }).finite(VALUE_MESSAGE));
const expiresAtField = lazySchema(() =>
  z.iso.datetime({ offset: true, error: 'Expiry must be a date and time (ISO 8601)' }),
);
const cooldownField = lazySchema(() =>
  z
    .number({ error: 'Cooldown must be a whole number of seconds' })
    .int('Cooldown must be a whole number of seconds')
    .min(1, 'Cooldown must be at least 1 second')
    .max(86_400, 'Cooldown must be at most 86400 seconds (a day)'),
);

/** Checks the level against what is watched: a positive price, a percent above -100, a whole volume. */
function valueIssue(watch: AlertWatch, value: number): string | undefined {
  if (watch === 'price')
    return value > 0 && value <= 10_000_000 ? undefined : 'Price must be more than 0 and at most 1,00,00,000';
  if (watch === 'dayChangePct')
    return value > -100 && value <= 1000 ? undefined : 'Day change must be between -100% and 1000%';
  return Number.isInteger(value) && value >= 0 && value <= 1e12
    ? undefined
    : 'Volume must be a whole number of shares, 0 or more';
}

export const createAlertRequestSchema = lazySchema(() =>
  z
    .object({
      symbol: symbolParam,
      condition: z.enum(ALERT_CONDITIONS, {
        error: 'Condition must be above, below, crosses_up or crosses_down',
      }),
      value: valueField,
      watch: z.enum(ALERT_WATCHES, { error: 'Watch must be price, dayChangePct or volume' }).default('price'),
      frequency: z
        .enum(ALERT_FREQUENCIES, { error: 'Frequency must be once, daily or every' })
        .default('once'),
      cooldownSeconds: cooldownField.optional(),
      note: noteField.optional(),
      expiresAt: expiresAtField.optional(),
      /** The portfolio the alert belongs to; omitted means main. */
      portfolioId: portfolioIdSchema.optional(),
    })
    .superRefine((b, ctx) => {
      const issue = valueIssue(b.watch, b.value);
      if (issue) ctx.addIssue({ code: 'custom', path: ['value'], message: issue });
    }),
);
export type CreateAlertRequest = z.input<typeof createAlertRequestSchema>;

/** Edit an alert; `status` ACTIVE resumes (or re-arms a triggered/expired one), DISABLED pauses. */
export const updateAlertRequestSchema = lazySchema(() =>
  z
    .object({
      condition: z
        .enum(ALERT_CONDITIONS, { error: 'Condition must be above, below, crosses_up or crosses_down' })
        .optional(),
      value: valueField.optional(),
      watch: z.enum(ALERT_WATCHES, { error: 'Watch must be price, dayChangePct or volume' }).optional(),
      frequency: z.enum(ALERT_FREQUENCIES, { error: 'Frequency must be once, daily or every' }).optional(),
      cooldownSeconds: cooldownField.optional(),
      note: noteField.nullable().optional(),
      expiresAt: expiresAtField.optional(),
      status: z
        .enum(['ACTIVE', 'DISABLED'], { error: 'Status must be ACTIVE (resume) or DISABLED (pause)' })
        .optional(),
      /** The portfolio the alert belongs to; omitted means main. Another portfolio's alert is a 404. */
      portfolioId: portfolioIdSchema.optional(),
    })
    // Naming the portfolio changes nothing by itself.
    .refine(({ portfolioId: _, ...change }) => Object.values(change).some((v) => v !== undefined), {
      message: 'Nothing to change',
      path: ['body'],
    }),
);
export type UpdateAlertRequest = z.input<typeof updateAlertRequestSchema>;

/** DELETE /alerts/{id} names the portfolio in its optional body, as the other writes do (none: main). */
export const deleteAlertRequestSchema = z.optional(
  z.nullable(lazySchema(() => z.object({ portfolioId: portfolioIdSchema.optional() }))),
);

export const alertIdParamsSchema = lazySchema(() => z.object({ id: z.string().uuid('Alert not found') }));

export const alertFiringSchema = lazySchema(() =>
  z.object({
    firedAt: z.string(),
    /** The watched value seen (rupees, percent or shares). */
    value: z.number(),
    /** The price at that tick, in rupees. */
    price: z.number(),
  }),
);
export type AlertFiring = z.infer<typeof alertFiringSchema>;

export const alertSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    symbol: z.string(),
    name: z.string(),
    watch: z.enum(ALERT_WATCHES),
    condition: z.enum(ALERT_CONDITIONS),
    value: z.number(),
    frequency: z.enum(ALERT_FREQUENCIES),
    cooldownSeconds: z.number().int(),
    note: z.string().nullable(),
    status: z.enum(ALERT_STATUSES),
    statusReason: z.string().nullable(),
    expiresAt: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    lastTriggeredAt: z.string().nullable(),
    triggerCount: z.number().int(),
    /** The latest firings, newest first. */
    history: z.array(alertFiringSchema),
  }),
);
export type Alert = z.infer<typeof alertSchema>;

export const alertListResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: z.array(alertSchema),
    count: z.number().int(),
    limit: z.number().int(),
  }),
);
export const alertResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    data: alertSchema,
  }),
);
export const alertDeletedResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), message: z.string() }),
);

/** The realtime event when one of the user's alerts fires. */
export const alertTriggeredEventSchema = lazySchema(() =>
  z.object({
    alert: alertSchema,
    firing: alertFiringSchema,
    /** The sentence the toast and the notification show. */
    message: z.string(),
    /** The portfolio the change is in (issue 25); a tab showing another portfolio ignores it. */
    portfolioId: z.string().optional(),
  }),
);
export type AlertTriggeredEvent = z.infer<typeof alertTriggeredEventSchema>;

/** "RELIANCE last price at or above ₹2,450.00" — one wording for the list, the toast and the mail. */
export function describeAlert(a: {
  symbol: string;
  watch: AlertWatch;
  condition: AlertCondition;
  value: number;
}): string {
  const value =
    a.watch === 'price'
      ? `₹${a.value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
      : a.watch === 'dayChangePct'
        ? `${a.value.toFixed(2)}%`
        : `${a.value.toLocaleString('en-IN')} shares`;
  return `${a.symbol} ${ALERT_WATCH_LABELS[a.watch].toLowerCase()} ${ALERT_CONDITION_LABELS[a.condition]} ${value}`;
}
