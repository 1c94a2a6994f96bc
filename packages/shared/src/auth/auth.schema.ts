import { z } from 'zod';
import { safeString } from '../lib/safe-string.js';
import { userSchema } from '../user/user.schema.js';
import {
  emailField,
  fullNameField,
  loginPasswordField,
  newPasswordField,
  RECOVERY_CODE_PATTERN,
  totpCodeField,
} from './fields.js';
import { lazySchema } from '../lib/lazy-schema.js';

export const loginRequestSchema = lazySchema(() =>
  z.object({
    email: emailField,
    password: loginPasswordField,
    rememberMe: z.boolean().optional(),
  }),
);
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** Username is optional on the wire: the server derives it from the email when absent. */
export const signupRequestSchema = lazySchema(() =>
  z.object({
    username: safeString()
      .trim()
      .regex(/^[a-zA-Z0-9_]{3,40}$/, 'Username must be 3-40 letters, digits or underscores')
      .optional(),
    email: emailField,
    password: newPasswordField,
    fullName: fullNameField,
  }),
);
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/** The sign-up form adds confirmation and terms to the request fields. */
export const signupFormSchema = lazySchema(() =>
  z
    .object({
      fullName: fullNameField,
      email: emailField,
      password: newPasswordField,
      confirmPassword: safeString().min(1, 'Please confirm your password'),
      acceptTerms: z.boolean().refine((v) => v, 'You must accept the Terms of Service and Privacy Policy'),
    })
    .refine((v) => v.confirmPassword.length === 0 || v.password === v.confirmPassword, {
      path: ['confirmPassword'],
      message: 'Passwords do not match',
    }),
);
export type SignupForm = z.input<typeof signupFormSchema>;

export const authSuccessResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    token: z.string(),
    user: userSchema,
  }),
);
export type AuthSuccessResponse = z.infer<typeof authSuccessResponseSchema>;

export const twoFactorRequiredResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    requiresTwoFactor: z.literal(true),
    email: z.string(),
  }),
);
export const loginResponseSchema = lazySchema(() =>
  z.union([authSuccessResponseSchema, twoFactorRequiredResponseSchema]),
);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The login 2FA step takes a 6-digit TOTP code or one of the recovery codes. */
export const verifyTwoFactorLoginRequestSchema = lazySchema(() =>
  z.object({
    email: emailField,
    code: safeString({ error: 'Please enter a 6-digit code' })
      .trim()
      .toLowerCase()
      .refine((v) => /^\d{6}$/.test(v) || RECOVERY_CODE_PATTERN.test(v), 'Please enter a 6-digit code'),
  }),
);
export type VerifyTwoFactorLoginRequest = z.infer<typeof verifyTwoFactorLoginRequestSchema>;

export const forgotPasswordRequestSchema = lazySchema(() => z.object({ email: emailField }));
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that email, a password reset link has been sent.';

export const resetPasswordRequestSchema = lazySchema(() =>
  z.object({
    token: safeString().min(20, 'Reset link is invalid or has expired').max(200),
    password: newPasswordField,
  }),
);
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const changePasswordRequestSchema = lazySchema(() =>
  z.object({
    currentPassword: safeString()
      .min(1, 'Current password is required')
      .max(128, 'Password must be at most 128 characters'),
    newPassword: newPasswordField,
  }),
);
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const twoFactorEnableResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    qrCodeUrl: z.string(),
    secretKey: z.string(),
  }),
);
export type TwoFactorEnableResponse = z.infer<typeof twoFactorEnableResponseSchema>;

export const twoFactorVerifyRequestSchema = lazySchema(() =>
  z.object({
    code: safeString({ error: 'Please enter a valid 6-digit code' })
      .trim()
      .regex(/^\d{6}$/, 'Please enter a valid 6-digit code'),
  }),
);
export type TwoFactorVerifyRequest = z.infer<typeof twoFactorVerifyRequestSchema>;

export const twoFactorVerifyResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    recoveryCodes: z.array(z.string()),
    user: userSchema,
  }),
);
export type TwoFactorVerifyResponse = z.infer<typeof twoFactorVerifyResponseSchema>;

export const twoFactorDisableRequestSchema = lazySchema(() =>
  z
    .object({ code: totpCodeField.optional(), password: safeString().min(1).max(128).optional() })
    .refine((v) => v.code !== undefined || v.password !== undefined, {
      path: ['code'],
      message: 'Enter your current 6-digit code or your password',
    }),
);
export type TwoFactorDisableRequest = z.infer<typeof twoFactorDisableRequestSchema>;

export const sessionInfoSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    userAgent: z.string(),
    ip: z.string(),
    createdAt: z.string(),
    lastSeenAt: z.string(),
    expiresAt: z.string(),
    rememberMe: z.boolean(),
    current: z.boolean(),
  }),
);
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export const sessionListResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: z.array(sessionInfoSchema),
  }),
);
export type SessionListResponse = z.infer<typeof sessionListResponseSchema>;

export const sessionIdParamsSchema = lazySchema(() =>
  z.object({ id: safeString().uuid('Invalid session id') }),
);

export const revokeOthersResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    count: z.number().int(),
  }),
);

export const googleExchangeRequestSchema = lazySchema(() =>
  z.object({
    code: safeString().min(20, 'Invalid sign-in code').max(200),
  }),
);
export const googleExchangeResponseSchema = lazySchema(() =>
  authSuccessResponseSchema.extend({ isNewUser: z.boolean() }),
);
export type GoogleExchangeResponse = z.infer<typeof googleExchangeResponseSchema>;

export const authConfigResponseSchema = lazySchema(() => z.object({ googleEnabled: z.boolean() }));
export type AuthConfigResponse = z.infer<typeof authConfigResponseSchema>;

export const verifyResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), user: userSchema }),
);
