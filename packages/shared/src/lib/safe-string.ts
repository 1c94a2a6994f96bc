import { z } from 'zod';

/**
 * PostgreSQL cannot store NUL in text (22021) or in jsonb (22P05), and a lone UTF-16 surrogate
 * cannot be encoded as UTF-8, so either one reaching a query is a 500 instead of a 400. Every
 * string a request carries is checked against this first.
 */
// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSAFE_TEXT_MESSAGE = 'Text contains characters that are not allowed';

export function isSafeText(value: string): boolean {
  return !UNSAFE_TEXT.test(value);
}

/** `z.string()` that refuses NUL and lone surrogates; chain `.trim()`, `.min()` etc. as usual. */
export function safeString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isSafeText, { message: UNSAFE_TEXT_MESSAGE, abort: true });
}

/** Dates a request may name: anything outside is a typo or a probe, never a real filter. */
export const MIN_REQUEST_DATE = '2000-01-01T00:00:00.000Z';
export const MAX_REQUEST_DATE = '2100-01-01T00:00:00.000Z';

/** An ISO date-time with an offset, between 2000-01-01 and 2100-01-01. */
export function boundedDateTime(label: string) {
  const min = Date.parse(MIN_REQUEST_DATE);
  const max = Date.parse(MAX_REQUEST_DATE);
  return z.iso.datetime({ offset: true, error: `${label} must be an ISO date-time` }).refine((v) => {
    const t = Date.parse(v);
    return Number.isFinite(t) && t >= min && t <= max;
  }, `${label} must be between 2000-01-01 and 2100-01-01`);
}

export const JSON_DATA_MAX_DEPTH = 8;
export const JSON_DATA_MAX_CHARS = 4000;

/**
 * Walks a JSON value breadth-first without recursion (so a value nested 20,000 deep cannot
 * overflow the stack) and says what is wrong with it, or null when it is fine to store.
 */
export function jsonDataProblem(
  value: unknown,
  maxDepth = JSON_DATA_MAX_DEPTH,
  maxChars = JSON_DATA_MAX_CHARS,
): string | null {
  let chars = 0;
  let level: unknown[] = [value];
  for (let depth = 0; level.length > 0; depth++) {
    if (depth > maxDepth) return `Data must be nested at most ${maxDepth} levels deep`;
    const next: unknown[] = [];
    for (const item of level) {
      if (typeof item === 'string') {
        if (!isSafeText(item)) return UNSAFE_TEXT_MESSAGE;
        chars += item.length + 2;
      } else if (typeof item === 'number') {
        if (!Number.isFinite(item)) return 'Data numbers must be finite';
        chars += 8;
      } else if (item === null || typeof item === 'boolean') {
        chars += 5;
      } else if (Array.isArray(item)) {
        chars += 2 + item.length;
        next.push(...item);
      } else if (typeof item === 'object') {
        for (const [key, child] of Object.entries(item as Record<string, unknown>)) {
          if (!isSafeText(key)) return UNSAFE_TEXT_MESSAGE;
          chars += key.length + 4;
          next.push(child);
        }
      } else {
        return 'Data must be JSON';
      }
      if (chars > maxChars) return `Data must be at most ${maxChars} characters of JSON`;
    }
    level = next;
  }
  return null;
}
