import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

/** First message per top-level field, the way the forms show them. */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const result: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_form');
    if (!(key in result)) result[key] = issue.message;
  }
  return result;
}
