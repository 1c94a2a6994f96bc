import { z } from 'zod';
import { safeString } from '../lib/safe-string.js';
import { lazySchema } from '../lib/lazy-schema.js';

/** Field rules with their exact user-facing messages; the web forms show the same words. */
// The pipe is built at once around a lazy string (lazy-schema.ts: a wrapper may not be lazy itself).
export const emailField = z.pipe(
  lazySchema(() =>
    safeString({ error: 'Email is required' })
      .trim()
      .min(1, 'Email is required')
      .max(254, 'Email must be at most 254 characters')
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address'),
  ),
  z.transform((v: string) => v.toLowerCase()),
);

export const loginPasswordField = lazySchema(() =>
  safeString({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(6, 'Password must be at least 6 characters')
    .max(128, 'Password must be at most 128 characters'),
);

export const newPasswordField = lazySchema(() =>
  safeString({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(8, 'Password must be at least 8 characters')
    .max(128, 'Password must be at most 128 characters'),
);

export const fullNameField = lazySchema(() =>
  safeString({ error: 'Full name is required' })
    .trim()
    .min(1, 'Full name is required')
    .min(2, 'Name must be at least 2 characters')
    .max(100, 'Name must be at most 100 characters'),
);

export const totpCodeField = lazySchema(() =>
  safeString({ error: 'Please enter a 6-digit code' })
    .trim()
    .regex(/^\d{6}$/, 'Please enter a 6-digit code'),
);

/** Recovery codes are shown once at 2FA setup, e.g. `7f3k2-q9d8m`. */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-[a-z0-9]{5}$/;
