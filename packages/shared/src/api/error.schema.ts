import { z } from 'zod';
import { lazySchema } from '../lib/lazy-schema.js';

/** Every non-2xx JSON answer of the API has this shape. */
export const errorResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(false),
    message: z.string(),
    code: z.string(),
    errors: z.record(z.string(), z.string()).optional(),
  }),
);
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const messageResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), message: z.string() }),
);
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const healthResponseSchema = lazySchema(() =>
  z.object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    database: z.object({ driver: z.enum(['pglite', 'postgres']), ok: z.boolean(), latencyMs: z.number() }),
    uptimeSeconds: z.number(),
  }),
);
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  unprocessable: 'UNPROCESSABLE',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL_ERROR',
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
} as const;
