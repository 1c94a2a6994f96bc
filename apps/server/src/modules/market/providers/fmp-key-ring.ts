/** HTTP statuses that mean "this key cannot be used now": invalid (401), not entitled (403), over its limit (429). */
export const KEY_EXHAUSTING_STATUSES: ReadonlySet<number> = new Set([401, 403, 429]);

export interface FmpKeyRingOptions {
  /** How long an exhausted key rests; by default until the next UTC midnight, when FMP's daily quota resets. */
  cooldownMs?: number;
  now?: () => number;
}

function nextUtcMidnight(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
}

/**
 * Several FMP keys used in turn: the first usable key serves requests until it is exhausted, then
 * the next one takes over. Exhausted keys are skipped (not retried) until their cool-down ends.
 */
export class FmpKeyRing {
  private readonly exhaustedUntil = new Map<string, number>();
  private readonly now: () => number;

  constructor(
    private readonly keys: readonly string[],
    private readonly options: FmpKeyRingOptions = {},
  ) {
    this.keys = [...new Set(keys.map((k) => k.trim()).filter(Boolean))];
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.keys.length;
  }

  /** Keys worth trying now, in rotation order. */
  usable(): string[] {
    const now = this.now();
    return this.keys.filter((key) => (this.exhaustedUntil.get(key) ?? 0) <= now);
  }

  markExhausted(key: string): void {
    const now = this.now();
    const until =
      this.options.cooldownMs !== undefined ? now + this.options.cooldownMs : nextUtcMidnight(now);
    this.exhaustedUntil.set(key, until);
  }

  /** For logs: which key (by position, never by value) rests until when. */
  describe(key: string): { keyIndex: number; until: string | null } {
    const until = this.exhaustedUntil.get(key);
    return { keyIndex: this.keys.indexOf(key), until: until ? new Date(until).toISOString() : null };
  }
}
