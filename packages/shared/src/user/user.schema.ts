import { z } from 'zod';
import { safeString } from '../lib/safe-string.js';
import { emailField } from '../auth/fields.js';
import { notificationSettingsSchema, preferencesSchema, securitySettingsSchema } from './settings.schema.js';
import { lazySchema } from '../lib/lazy-schema.js';

/** The signed-in user as the API returns it (stored by the SPA under `user`). */
export const userSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    fullName: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phoneNumber: z.string(),
    location: z.string(),
    bio: z.string(),
    avatar: z.string().nullable(),
    role: z.string(),
    twoFactorEnabled: z.boolean(),
    hasPassword: z.boolean(),
    googleLinked: z.boolean(),
    createdAt: z.string(),
    /** Rupees with 2 decimals; the server keeps integer paise. */
    virtualMoney: z.object({ balance: z.number() }),
    notificationSettings: notificationSettingsSchema,
    securitySettings: securitySettingsSchema,
    preferences: preferencesSchema,
  }),
);
export type User = z.infer<typeof userSchema>;

const text = (max: number, label: string) =>
  safeString().trim().max(max, `${label} must be at most ${max} characters`);

export const profileFieldsSchema = lazySchema(() =>
  z.object({
    fullName: text(100, 'Full name').min(2, 'Name must be at least 2 characters').optional(),
    firstName: text(50, 'First name').optional(),
    lastName: text(50, 'Last name').optional(),
    email: emailField.optional(),
    phoneNumber: safeString()
      .trim()
      .max(20, 'Phone number must be at most 20 characters')
      .regex(/^[+\d\s()-]*$/, 'Please enter a valid phone number')
      .optional(),
    location: text(100, 'Location').optional(),
    bio: text(500, 'Bio').optional(),
    /** Changing the e-mail needs the current password, and the 2FA code when two-factor is on. */
    currentPassword: safeString().max(128, 'Password must be at most 128 characters').optional(),
    twoFactorCode: safeString().trim().toLowerCase().max(20, 'Please enter a 6-digit code').optional(),
  }),
);
export const updateProfileRequestSchema = profileFieldsSchema;
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

export const userResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    user: userSchema,
  }),
);
export type UserResponse = z.infer<typeof userResponseSchema>;

export const updateSettingsRequestSchema = lazySchema(() =>
  z.object({
    profileData: profileFieldsSchema.optional(),
    notificationSettings: notificationSettingsSchema.partial().optional(),
    securitySettings: securitySettingsSchema.partial().optional(),
    preferences: preferencesSchema.partial().optional(),
  }),
);
export type UpdateSettingsRequest = z.infer<typeof updateSettingsRequestSchema>;

export const EMAIL_CHANGE_PASSWORD_REQUIRED = 'Enter your current password to change your email';
export const EMAIL_CHANGE_PASSWORD_WRONG = 'Current password is incorrect';
export const EMAIL_CHANGE_CODE_REQUIRED =
  'Enter the 6-digit code from your authenticator app to change your email';
export const EMAIL_CHANGE_CODE_WRONG = 'Invalid verification code';
export const EMAIL_CHANGE_NO_PASSWORD =
  'This account signs in with Google; its email follows the Google account';

export const DEFAULT_BIO = 'Welcome to Nivesh! I am learning to trade with virtual money.';
export const DEFAULT_ROLE = 'Member';
