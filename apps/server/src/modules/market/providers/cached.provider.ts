import {
  PERIOD_INTERVAL,
  type Candle,
  type Period,
  type Profile,
  type Quote,
  type SearchResult,
} from '@nivesh/shared';
import { MarketDataError, type MarketDataProvider } from '../market-provider.js';
import { STOCK_NOT_FOUND } from './common.mapper.js';

type Interval = (typeof PERIOD_INTERVAL)[Period];

export interface CacheOptions {
  quoteTtlMs?: number;
  /** Per candle interval: a 1-minute chart goes stale much sooner than a weekly one. */
  historyTtlMs?: Partial<Record<Interval, number>>;
  searchTtlMs?: number;
  profileTtlMs?: number;
  moversTtlMs?: number;
  /** Entries per kind before the oldest are dropped, so a scan of many symbols cannot grow memory without bound. */
  maxEntries?: number;
  now?: () => number;
}

const DEFAULT_HISTORY_TTL: Record<Interval, number> = {
  '1m': 30_000,
  '5m': 60_000,
  '1h': 5 * 60_000,
  '1d': 15 * 60_000,
  '1wk': 60 * 60_000,
};

/** A TTL cache that also shares a load in progress, so concurrent misses cost one upstream call. */
class TtlCache<T> {
  private readonly values = new Map<string, { value: T; expires: number }>();
  private readonly inFlight = new Map<string, Promise<T>>();

  constructor(
    private readonly now: () => number,
    private readonly maxEntries: number,
  ) {}

  peek(key: string): T | undefined {
    const hit = this.values.get(key);
    if (!hit) return undefined;
    if (hit.expires > this.now()) return hit.value;
    this.values.delete(key);
    return undefined;
  }

  pending(key: string): Promise<T> | undefined {
    return this.inFlight.get(key);
  }

  set(key: string, value: T, ttlMs: number): void {
    this.values.delete(key);
    this.values.set(key, { value, expires: this.now() + ttlMs });
    while (this.values.size > this.maxEntries) {
      const oldest = this.values.keys().next().value;
      if (oldest === undefined) break;
      this.values.delete(oldest);
    }
  }

  /** Registers a load for `key`; failures are not cached, so the next caller retries. */
  track(key: string, load: Promise<T>): Promise<T> {
    const tracked = load.finally(() => {
      if (this.inFlight.get(key) === tracked) this.inFlight.delete(key);
    });
    this.inFlight.set(key, tracked);
    // The caller handles rejection; this copy only keeps an unobserved failure from being reported as unhandled.
    tracked.catch(() => undefined);
    return tracked;
  }

  async get(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const hit = this.peek(key);
    if (hit !== undefined) return hit;
    const pending = this.pending(key);
    if (pending) return pending;
    return this.track(
      key,
      load().then((value) => {
        this.set(key, value, ttlMs);
        return value;
      }),
    );
  }
}

function absentWhenNotFound(error: unknown): null {
  if (error instanceof MarketDataError && error.kind === 'not-found') return null;
  throw error;
}

/**
 * Real providers have tight request limits (FMP's free plan allows a few hundred calls a day), and
 * the same quotes are asked for by many users at once. This decorator answers repeats from memory.
 */
export class CachedMarketDataProvider implements MarketDataProvider {
  readonly name: MarketDataProvider['name'];
  private readonly quoteTtl: number;
  private readonly historyTtl: Record<Interval, number>;
  private readonly quoteCache: TtlCache<Quote | null>;
  private readonly historyCache: TtlCache<Candle[]>;
  private readonly searchCache: TtlCache<SearchResult[]>;
  private readonly profileCache: TtlCache<Profile>;
  private readonly moversCache: TtlCache<Quote[]>;

  constructor(
    private readonly inner: MarketDataProvider,
    private readonly options: CacheOptions = {},
  ) {
    this.name = inner.name;
    const now = options.now ?? Date.now;
    const max = options.maxEntries ?? 2000;
    this.quoteTtl = options.quoteTtlMs ?? 15_000;
    this.historyTtl = { ...DEFAULT_HISTORY_TTL, ...options.historyTtlMs };
    this.quoteCache = new TtlCache(now, max);
    this.historyCache = new TtlCache(now, max);
    this.searchCache = new TtlCache(now, max);
    this.profileCache = new TtlCache(now, max);
    this.moversCache = new TtlCache(now, 50);
  }

  search(query: string, limit: number): Promise<SearchResult[]> {
    const key = `${query.trim().toLowerCase()}|${limit}`;
    return this.searchCache.get(key, this.options.searchTtlMs ?? 5 * 60_000, () =>
      this.inner.search(query, limit),
    );
  }

  async quote(symbol: string): Promise<Quote> {
    const cached = this.quoteCache.peek(symbol);
    if (cached) return cached;
    const pending = this.quoteCache.pending(symbol);
    if (pending) {
      // A batch in flight that did not find the symbol stands for not-found.
      const quote = await pending;
      if (!quote) throw new MarketDataError(STOCK_NOT_FOUND, 'not-found');
      return quote;
    }
    const quote = await this.quoteCache.track(
      symbol,
      this.inner.quote(symbol).then((q) => {
        this.quoteCache.set(symbol, q, this.quoteTtl);
        return q;
      }),
    );
    if (!quote) throw new MarketDataError(STOCK_NOT_FOUND, 'not-found');
    return quote;
  }

  /**
   * Batch-aware: symbols cached or already being fetched are not asked again, and the rest go
   * upstream in one batch. Symbols the batch did not return are simply absent, as upstream.
   */
  async quotes(symbols: string[]): Promise<Quote[]> {
    const unique = [...new Set(symbols)];
    const known = new Map<string, Quote | null | Promise<Quote | null>>();
    const missing: string[] = [];
    for (const symbol of unique) {
      const hit = this.quoteCache.peek(symbol);
      const pending = hit === undefined ? this.quoteCache.pending(symbol) : undefined;
      if (hit !== undefined) known.set(symbol, hit);
      else if (pending) known.set(symbol, pending.catch(absentWhenNotFound));
      else missing.push(symbol);
    }
    if (missing.length > 0) {
      const batch = this.inner.quotes(missing).then((list) => new Map(list.map((q) => [q.symbol, q])));
      for (const symbol of missing) {
        known.set(
          symbol,
          this.quoteCache.track(
            symbol,
            batch.then((found) => {
              const quote = found.get(symbol) ?? null;
              // Only found quotes are cached: a symbol missing from one batch may be a transient gap.
              if (quote) this.quoteCache.set(symbol, quote, this.quoteTtl);
              return quote;
            }),
          ),
        );
      }
    }
    const resolved = await Promise.all(unique.map((symbol) => known.get(symbol)));
    return resolved.filter((q): q is Quote => !!q);
  }

  history(symbol: string, period: Period): Promise<Candle[]> {
    return this.historyCache.get(`${symbol}|${period}`, this.historyTtl[PERIOD_INTERVAL[period]], () =>
      this.inner.history(symbol, period),
    );
  }

  profile(symbol: string): Promise<Profile> {
    return this.profileCache.get(symbol, this.options.profileTtlMs ?? 6 * 60 * 60_000, () =>
      this.inner.profile(symbol),
    );
  }

  movers(type: 'gainers' | 'losers' | 'active', limit: number): Promise<Quote[]> {
    return this.moversCache.get(`${type}|${limit}`, this.options.moversTtlMs ?? 60_000, () =>
      this.inner.movers(type, limit),
    );
  }
}
