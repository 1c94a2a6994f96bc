import {
  DAY_MS,
  dateToDayNumber,
  type Candle,
  type MarketHalt,
  type Quote,
  type SearchResult,
} from '@nivesh/shared';
import { hash, keyOf } from '../market/simulator/prng.js';

/** The stand-in calendar's first Monday: blind times are moved by whole weeks to land there. */
const STAND_IN_MONDAY = dateToDayNumber('2001-01-01');

function letters(i: number): string {
  let out = '';
  let n = i;
  do {
    out = String.fromCharCode(65 + (n % 26)) + out;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return out;
}

/**
 * What a blind replay shows: stocks as "Stock A"… (symbol STOCK-A…) with their sector only, in an
 * order drawn from the replay's id so the letters say nothing about the name, and times moved by
 * whole weeks onto a stand-in calendar (weekdays and hours stay true, the year does not show).
 * Indices keep their names: they are the benchmark a learner compares against.
 */
export class BlindView {
  private readonly toAlias = new Map<string, string>();
  private readonly toSymbol = new Map<string, string>();
  private readonly aliasName = new Map<string, string>();
  readonly offsetMs: number;

  constructor(replayId: string, firstDay: number, equities: readonly { symbol: string }[]) {
    const key = keyOf(`blind|${replayId}`);
    const order = equities
      .map((e, i) => ({ symbol: e.symbol, rank: hash(key, i, 0, 0) }))
      .sort((a, b) => a.rank - b.rank || a.symbol.localeCompare(b.symbol));
    order.forEach(({ symbol }, i) => {
      const tag = letters(i);
      this.toAlias.set(symbol, `STOCK-${tag}`);
      this.toSymbol.set(`STOCK-${tag}`, symbol);
      this.aliasName.set(symbol, `Stock ${tag}`);
    });
    this.offsetMs = Math.floor((firstDay - STAND_IN_MONDAY) / 7) * 7 * DAY_MS;
  }

  /** The real symbol behind an input: an alias, or an index; a real stock symbol is not accepted. */
  resolve(input: string, isIndex: (symbol: string) => boolean): string | undefined {
    const upper = input.trim().toUpperCase();
    const real = this.toSymbol.get(upper);
    if (real) return real;
    return isIndex(upper) ? upper : undefined;
  }

  symbolOf(symbol: string): string {
    return this.toAlias.get(symbol) ?? symbol;
  }

  nameOf(symbol: string, name: string): string {
    return this.aliasName.get(symbol) ?? name;
  }

  time(ms: number): number {
    return ms - this.offsetMs;
  }

  iso(iso: string): string {
    return new Date(this.time(Date.parse(iso))).toISOString();
  }

  /** A stand-in time back to the real one (a seek in a blind replay). */
  real(ms: number): number {
    return ms + this.offsetMs;
  }

  candle(c: Candle): Candle {
    return { ...c, time: c.time - this.offsetMs / 1000 };
  }

  halt(h: MarketHalt | null | undefined): MarketHalt | null {
    if (!h) return null;
    return {
      ...h,
      haltedAt: this.iso(h.haltedAt),
      preOpenFrom: h.preOpenFrom && this.iso(h.preOpenFrom),
      reopensAt: h.reopensAt && this.iso(h.reopensAt),
    };
  }

  quote(q: Quote): Quote {
    return {
      ...q,
      symbol: this.symbolOf(q.symbol),
      name: this.nameOf(q.symbol, q.name),
      lastUpdated: this.iso(q.lastUpdated),
      marketHalt: this.halt(q.marketHalt),
    };
  }

  /** Blind search matches the stand-in names and sectors only. */
  search(
    query: string,
    instruments: readonly {
      symbol: string;
      sector: string | null;
      type: string;
      exchange: string;
      currency: string;
    }[],
    limit: number,
  ): SearchResult[] {
    const q = query.trim().toLowerCase();
    return instruments
      .filter((i) => i.type === 'EQUITY' && this.toAlias.has(i.symbol))
      .filter((i) => {
        const name = this.aliasName.get(i.symbol)!.toLowerCase();
        return (
          name.includes(q) ||
          this.toAlias.get(i.symbol)!.toLowerCase().includes(q) ||
          (i.sector ?? '').toLowerCase().includes(q)
        );
      })
      .slice(0, limit)
      .map((i) => ({
        symbol: this.toAlias.get(i.symbol)!,
        name: this.aliasName.get(i.symbol)!,
        exchange: i.exchange as SearchResult['exchange'],
        currency: i.currency as SearchResult['currency'],
        type: 'EQUITY' as const,
        sector: i.sector,
        score: 1,
      }));
  }
}
