import { sessionBounds } from '@nivesh/shared';

/**
 * A replay's clock runs in session time: it advances through each replayed day's 09:15–15:30
 * session and jumps from one close to the next open, so playing over a night costs no wall time.
 */
export function advanceSession(days: readonly number[], fromMs: number, deltaMs: number): number {
  let t = fromMs;
  let left = deltaMs;
  for (const day of days) {
    const { openMs, closeMs } = sessionBounds('nse', day);
    if (t < openMs) t = openMs;
    if (t >= closeMs) continue;
    if (left < closeMs - t) return t + left;
    left -= closeMs - t;
    t = closeMs;
  }
  return endOf(days);
}

export function endOf(days: readonly number[]): number {
  return sessionBounds('nse', days.at(-1)!).closeMs;
}

/** A sought time moved to the next session open when it falls between sessions. */
export function snapToSession(days: readonly number[], ms: number): number {
  return advanceSession(days, ms, 0);
}
