import { describe, expect, it } from 'vitest';
import { CachedMarketDataProvider } from '../../src/modules/market/providers/cached.provider.js';
import { createRealProvider } from '../../src/modules/market/providers/real-provider.factory.js';
import {
  catalog,
  failure,
  fmp,
  newFmp,
  newYahoo,
  NOW,
  useUpstreams,
  yahoo,
} from './market-providers.fixtures.js';

useUpstreams();

describe('CachedMarketDataProvider', () => {
  const quoteCalls = () => fmp.requests.filter((r) => r.path.startsWith('/api/v3/quote/')).map((r) => r.path);

  it('answers a repeated quote from memory within its TTL', async () => {
    let now = NOW;
    const provider = new CachedMarketDataProvider(newFmp({ now: () => now }), {
      now: () => now,
      quoteTtlMs: 15_000,
    });
    const first = await provider.quote('RELIANCE');
    now += 14_000;
    expect(await provider.quote('RELIANCE')).toEqual(first);
    expect(quoteCalls()).toHaveLength(1);
    now += 2_000;
    await provider.quote('RELIANCE');
    expect(quoteCalls()).toHaveLength(2);
  });

  it('shares one upstream call between concurrent requests for a symbol', async () => {
    const provider = new CachedMarketDataProvider(newFmp(), { now: () => NOW });
    const [a, b, batch] = await Promise.all([
      provider.quote('AAPL'),
      provider.quote('AAPL'),
      provider.quotes(['AAPL']),
    ]);
    expect(a).toEqual(b);
    expect(batch).toEqual([a]);
    expect(quoteCalls()).toEqual(['/api/v3/quote/AAPL']);
  });

  it('is batch-aware: only symbols neither cached nor in flight go upstream, in one batch', async () => {
    const provider = new CachedMarketDataProvider(newFmp(), { now: () => NOW });
    await provider.quote('RELIANCE');
    const [batch, single] = await Promise.all([
      provider.quotes(['RELIANCE', 'AAPL', 'NIFTY50', 'NOSUCH']),
      provider.quote('NIFTY50'),
    ]);
    expect(batch.map((q) => q.symbol)).toEqual(['RELIANCE', 'AAPL', 'NIFTY50']);
    expect(single.symbol).toBe('NIFTY50');
    expect(quoteCalls()).toEqual(['/api/v3/quote/RELIANCE.NS', '/api/v3/quote/AAPL,^NSEI']);
    expect(await failure(provider.quote('NOSUCH'))).toMatchObject({ kind: 'not-found' });
  });

  it('caches history per symbol and period, and does not cache failures', async () => {
    const provider = new CachedMarketDataProvider(newYahoo(), { now: () => NOW });
    await Promise.all([provider.history('RELIANCE', '1D'), provider.history('RELIANCE', '1D')]);
    await provider.history('RELIANCE', '1D');
    await provider.history('RELIANCE', '5D');
    expect(yahoo.requests).toHaveLength(2);

    yahoo.override = () => ({ status: 503, text: 'down' });
    await failure(provider.quote('AAPL'));
    yahoo.override = undefined;
    expect((await provider.quote('AAPL')).price).toBe(196.45);
  });
});

describe('createRealProvider', () => {
  it('builds a cached Yahoo or FMP provider from configuration', async () => {
    const y = createRealProvider('yahoo', { catalog, baseUrls: { yahoo: yahoo.url }, now: () => NOW });
    expect(y.name).toBe('yahoo');
    await y.quote('AAPL');
    await y.quote('AAPL');
    expect(yahoo.requests).toHaveLength(1);

    const f = createRealProvider('fmp', {
      catalog,
      fmpKeys: [' k9 ', ''],
      baseUrls: { fmp: fmp.url },
      now: () => NOW,
    });
    expect(f.name).toBe('fmp');
    await f.quote('AAPL');
    expect(fmp.requests[0]?.query.apikey).toBe('k9');
  });

  it('refuses FMP without keys', () => {
    expect(() => createRealProvider('fmp', { catalog, fmpKeys: [] })).toThrow(/FMP_API_KEYS/);
  });
});
