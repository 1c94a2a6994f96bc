import { z } from 'zod';
import { safeString } from '../lib/safe-string.js';
import { emailField } from '../auth/fields.js';
import { lazySchema } from '../lib/lazy-schema.js';

export const contactRequestSchema = lazySchema(() =>
  z.object({
    name: safeString().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
    email: emailField,
    message: safeString()
      .trim()
      .min(1, 'Message is required')
      .max(2000, 'Message must be at most 2000 characters'),
  }),
);
export type ContactRequest = z.infer<typeof contactRequestSchema>;
export const CONTACT_SUCCESS_MESSAGE = 'Thanks! Your message has been received.';
