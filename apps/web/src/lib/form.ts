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

/**
 * A form's fields as the DOM holds them now: text fields as strings, checkboxes as booleans (a
 * checkbox is in FormData only when ticked). For uncontrolled forms (components/ui/live-form.tsx).
 */
export function readForm<const T extends Record<string, 'text' | 'checkbox'>>(
  form: HTMLFormElement,
  fields: T,
): { [K in keyof T]: T[K] extends 'checkbox' ? boolean : string } {
  const data = new FormData(form);
  const out: Record<string, string | boolean> = {};
  for (const [name, kind] of Object.entries(fields)) {
    const value = data.get(name);
    out[name] = kind === 'checkbox' ? value !== null : typeof value === 'string' ? value : '';
  }
  return out as { [K in keyof T]: T[K] extends 'checkbox' ? boolean : string };
}
