import { bigint, boolean, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { NotificationSettings, Preferences, SecuritySettings } from '@nivesh/shared';
import { createdAt } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    fullName: text('full_name').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    location: text('location').notNull().default(''),
    bio: text('bio').notNull(),
    avatar: text('avatar'),
    role: text('role').notNull().default('Member'),
    passwordHash: text('password_hash'),
    googleSub: text('google_sub'),
    totpSecretEnc: text('totp_secret_enc'),
    totpPendingSecretEnc: text('totp_pending_secret_enc'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** Highest TOTP time step accepted so far: a code at or below it is a replay. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    notificationSettings: jsonb('notification_settings').$type<NotificationSettings>().notNull(),
    securitySettings: jsonb('security_settings').$type<SecuritySettings>().notNull(),
    preferences: jsonb('preferences').$type<Preferences>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
  ],
);
