import type { InstrumentCatalog, MarketDataProvider } from '../market-provider.js';
import { CachedMarketDataProvider, type CacheOptions } from './cached.provider.js';
import { FmpProvider, type ProviderLogger } from './fmp.provider.js';
import type { FetchLike } from './http-json.js';
import { YahooProvider } from './yahoo.provider.js';

export type RealProviderKind = 'yahoo' | 'fmp';

export interface RealProviderOptions {
  catalog: InstrumentCatalog;
  /** FMP_API_KEYS, split on commas; required for 'fmp'. */
  fmpKeys?: readonly string[];
  /** YAHOO_BASE_URL / FMP_BASE_URL; hosts only (paths such as /api/v3 are added here). */
  baseUrls?: { yahoo?: string; fmp?: string };
  fetch?: FetchLike;
  /** Per upstream request; default 10 s. */
  timeoutMs?: number;
  /** Cool-down of an exhausted FMP key; default until the next UTC midnight. */
  fmpKeyCooldownMs?: number;
  /** Canonical symbols ranked for movers where the upstream has no list for the catalog's market. */
  moversUniverse?: readonly string[];
  /** `false` turns the cache off (tests of the raw providers). */
  cache?: CacheOptions | false;
  now?: () => number;
  logger?: ProviderLogger;
}

/** Builds the configured real provider, wrapped in the cache that spares its request limits. */
export function createRealProvider(kind: RealProviderKind, options: RealProviderOptions): MarketDataProvider {
  const now = options.now ?? Date.now;
  let provider: MarketDataProvider;
  if (kind === 'yahoo') {
    provider = new YahooProvider({
      catalog: options.catalog,
      baseUrl: options.baseUrls?.yahoo,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      moversUniverse: options.moversUniverse,
      now,
    });
  } else {
    const keys = (options.fmpKeys ?? []).map((k) => k.trim()).filter(Boolean);
    // Failing at boot beats every market request answering 'All API keys failed or exhausted'.
    if (keys.length === 0) throw new Error('MARKET_DATA_PROVIDER=fmp needs at least one key in FMP_API_KEYS');
    provider = new FmpProvider({
      catalog: options.catalog,
      apiKeys: keys,
      baseUrl: options.baseUrls?.fmp,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      keyCooldownMs: options.fmpKeyCooldownMs,
      moversUniverse: options.moversUniverse,
      logger: options.logger,
      now,
    });
  }
  return options.cache === false
    ? provider
    : new CachedMarketDataProvider(provider, { now, ...options.cache });
}
