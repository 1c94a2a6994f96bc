import { z } from 'zod';
import { jsonDataProblem, safeString } from '../lib/safe-string.js';
import { inAppPath } from './in-app-link.js';
import { lazySchema } from '../lib/lazy-schema.js';

export const NOTIFICATION_TYPES = ['success', 'error', 'warning', 'info', 'alert'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Any unknown type is treated as `info`, so an older client still shows a newer notice. */
export function normaliseNotificationType(value: unknown): NotificationType {
  return (NOTIFICATION_TYPES as readonly unknown[]).includes(value) ? (value as NotificationType) : 'info';
}

export const notificationTypeField = z.preprocess(
  normaliseNotificationType,
  lazySchema(() => z.enum(NOTIFICATION_TYPES)),
);

export const notificationSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    type: z.enum(NOTIFICATION_TYPES),
    title: z.string(),
    message: z.string(),
    link: z.string().nullable(),
    read: z.boolean(),
    readAt: z.string().nullable(),
    createdAt: z.string(),
    data: z.record(z.string(), z.unknown()).nullable(),
  }),
);
export type Notification = z.infer<typeof notificationSchema>;

const LINK_MESSAGE = 'Link must be a path inside the app, like /orders';
/** Links stay inside the app: a path such as `/orders`, never one a browser resolves off-site. */
const linkField = lazySchema(() =>
  safeString()
    .trim()
    .max(300, 'Link must be at most 300 characters')
    .regex(/^\/(?!\/)[^\s]*$/, LINK_MESSAGE)
    .refine((v) => inAppPath(v) !== null, LINK_MESSAGE),
);

export const createNotificationRequestSchema = lazySchema(() =>
  z.object({
    type: notificationTypeField.optional(),
    title: safeString().trim().min(1, 'Title is required').max(120, 'Title must be at most 120 characters'),
    message: safeString()
      .trim()
      .min(1, 'Message is required')
      .max(1000, 'Message must be at most 1000 characters'),
    link: linkField.optional(),
    /** Checked without recursion for depth, size and text PostgreSQL can store. */
    data: z
      .record(z.string(), z.unknown())
      .superRefine((v, ctx) => {
        const problem = jsonDataProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
  }),
);
export type CreateNotificationRequest = z.infer<typeof createNotificationRequestSchema>;

export const NOTIFICATION_PAGE_SIZE = 10;
export const NOTIFICATION_MAX_PAGE_SIZE = 100;
/** Newest notifications kept per user; older ones are pruned on insert. */
export const NOTIFICATION_RETENTION = 500;

const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

export const listNotificationsQuerySchema = lazySchema(() =>
  z.object({
    page: z.coerce
      .number({ error: 'Page must be a number' })
      .int('Page must be a whole number')
      .min(1, 'Page must be at least 1')
      .max(10_000)
      .default(1),
    limit: z.coerce
      .number({ error: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .max(NOTIFICATION_MAX_PAGE_SIZE, `Limit must be at most ${NOTIFICATION_MAX_PAGE_SIZE}`)
      .default(NOTIFICATION_PAGE_SIZE),
    sort: z
      .enum(['-createdAt', 'createdAt'], { error: 'Sort must be -createdAt or createdAt' })
      .default('-createdAt'),
    type: z
      .enum(NOTIFICATION_TYPES, { error: 'Type must be one of success, error, warning, info, alert' })
      .optional(),
    read: booleanQuery.optional(),
    search: safeString().trim().max(100, 'Search must be at most 100 characters').optional(),
  }),
);
export type ListNotificationsQuery = z.input<typeof listNotificationsQuerySchema>;

export const paginationSchema = lazySchema(() =>
  z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
    hasMore: z.boolean(),
  }),
);
export type Pagination = z.infer<typeof paginationSchema>;

export const notificationListResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: z.array(notificationSchema),
    pagination: paginationSchema,
  }),
);
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

export const notificationResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    data: notificationSchema,
  }),
);
export type NotificationResponse = z.infer<typeof notificationResponseSchema>;

export const unreadCountResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    count: z.number().int().min(0),
  }),
);
export type UnreadCountResponse = z.infer<typeof unreadCountResponseSchema>;

export const readAllResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    count: z.number().int().min(0),
  }),
);

export const notificationIdParamsSchema = lazySchema(() =>
  z.object({ id: safeString().uuid('Invalid notification id') }),
);
