import { z } from 'zod';
import { safeString } from '../lib/safe-string.js';
import { lazySchema } from '../lib/lazy-schema.js';

/**
 * Settings schemas carry no zod defaults on purpose: the update routes take partial objects and
 * a default inside `.partial()` would silently reset fields the caller did not send.
 */
export const notificationSettingsSchema = lazySchema(() =>
  z.object({
    emailNotifications: z.boolean(),
    pushNotifications: z.boolean(),
    smsNotifications: z.boolean(),
    priceAlerts: z.boolean(),
    newsAlerts: z.boolean(),
    portfolioUpdates: z.boolean(),
    weeklyReports: z.boolean(),
  }),
);
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** sessionTimeout is minutes as a string ("30"), as stored settings have always kept it. */
export const sessionTimeoutField = lazySchema(() =>
  safeString()
    .regex(/^\d{1,4}$/, 'Session timeout must be a number of minutes')
    .refine((v) => Number(v) >= 5 && Number(v) <= 1440, 'Session timeout must be between 5 and 1440 minutes'),
);

export const securitySettingsSchema = lazySchema(() =>
  z.object({
    loginAlerts: z.boolean(),
    sessionTimeout: sessionTimeoutField,
  }),
);
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

export const themeSchema = lazySchema(() => z.enum(['light', 'dark']));
export type Theme = z.infer<typeof themeSchema>;

export const DEFAULT_PAGES = [
  'dashboard',
  'portfolio',
  'trading',
  'charts',
  'watchlist',
  'orders',
  'news',
] as const;

export const preferencesSchema = lazySchema(() =>
  z.object({
    language: z.enum(['en']),
    currency: z.enum(['INR', 'USD']),
    timezone: safeString().min(1).max(64),
    defaultPage: z.enum(DEFAULT_PAGES),
    theme: themeSchema,
  }),
);
export type Preferences = z.infer<typeof preferencesSchema>;

/** A new user's settings. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  emailNotifications: true,
  pushNotifications: true,
  smsNotifications: false,
  priceAlerts: true,
  newsAlerts: true,
  portfolioUpdates: true,
  weeklyReports: true,
};
export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = { loginAlerts: true, sessionTimeout: '30' };
export const DEFAULT_PREFERENCES: Preferences = {
  language: 'en',
  currency: 'INR',
  timezone: 'Asia/Kolkata',
  defaultPage: 'dashboard',
  theme: 'light',
};
