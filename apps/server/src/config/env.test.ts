import { describe, expect, it } from 'vitest';
import { EnvError, loadConfig, parseEnv } from './env.js';

describe('environment parsing', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', NODE_ENV: 'development', LOG_LEVEL: 'info' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable in one readable message', () => {
    expect(() => parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', GOOGLE_CLIENT_ID: 'id' })).toThrow(
      EnvError,
    );
    try {
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', GOOGLE_CLIENT_ID: 'id' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/^Invalid environment configuration:/);
      expect(message).toMatch(/PORT:/);
      expect(message).toMatch(/DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\//);
    }
    expect(() => parseEnv({ GOOGLE_CLIENT_ID: 'id' })).toThrow(
      /GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together/,
    );
  });

  it('refuses the FMP provider without keys', () => {
    expect(() => parseEnv({ MARKET_DATA_PROVIDER: 'fmp' })).toThrow(
      /FMP_API_KEYS: MARKET_DATA_PROVIDER=fmp needs at least one key/,
    );
    expect(parseEnv({ MARKET_DATA_PROVIDER: 'fmp', FMP_API_KEYS: 'a,b' }).FMP_API_KEYS).toBe('a,b');
  });

  it('picks the realtime adapter: Redis when REDIS_URL is set, PostgreSQL when asked, and refuses one without its server', () => {
    const base = { APP_SECRET: 'x'.repeat(32) };
    expect(loadConfig(base).realtimeAdapter).toBeUndefined();
    expect(loadConfig({ ...base, REDIS_URL: 'redis://r:6379' }).realtimeAdapter).toEqual({
      kind: 'redis',
      url: 'redis://r:6379',
    });
    const pgOnly = { ...base, DATABASE_URL: 'postgres://db/nivesh', REALTIME_ADAPTER: 'postgres' };
    expect(loadConfig(pgOnly).realtimeAdapter).toEqual({ kind: 'postgres', url: 'postgres://db/nivesh' });
    // Behind PgBouncer in transaction mode, the adapter LISTENs on a direct connection.
    expect(
      loadConfig({ ...pgOnly, REALTIME_POSTGRES_URL: 'postgres://db-direct/nivesh' }).realtimeAdapter?.url,
    ).toBe('postgres://db-direct/nivesh');
    // Asked for PostgreSQL, it uses PostgreSQL even where Redis is set (for rate limits).
    expect(loadConfig({ ...pgOnly, REDIS_URL: 'redis://r:6379' }).realtimeAdapter?.kind).toBe('postgres');
    expect(() => parseEnv({ REALTIME_ADAPTER: 'postgres' })).toThrow(
      /REALTIME_ADAPTER: REALTIME_ADAPTER=postgres needs DATABASE_URL/,
    );
    expect(() => parseEnv({ REALTIME_ADAPTER: 'redis' })).toThrow(/REALTIME_ADAPTER=redis needs REDIS_URL/);
    expect(() => parseEnv({ REALTIME_ADAPTER: 'kafka' })).toThrow(/REALTIME_ADAPTER/);
  });

  it('derives the public URL and CORS origin from the port', () => {
    const config = loadConfig({ PORT: '4100', APP_SECRET: 'x'.repeat(32) });
    expect(config.publicUrl).toBe('http://localhost:4100');
    expect(config.corsOrigin).toBe('http://localhost:4100');
    expect(config.google).toBeUndefined();
  });
  it('runs the order matcher every second unless MATCHER_INTERVAL_MS says otherwise', () => {
    expect(loadConfig({ APP_SECRET: 'x'.repeat(32) }).matcherIntervalMs).toBe(1000);
    expect(loadConfig({ APP_SECRET: 'x'.repeat(32), MATCHER_INTERVAL_MS: '250' }).matcherIntervalMs).toBe(
      250,
    );
    expect(() => parseEnv({ MATCHER_INTERVAL_MS: '0' })).toThrow(/MATCHER_INTERVAL_MS: must be at least 10/);
    expect(() => parseEnv({ MATCHER_INTERVAL_MS: 'soon' })).toThrow(/MATCHER_INTERVAL_MS:/);
  });

  it('lists the public leaderboard only on a local address unless PUBLIC_LEADERBOARD says otherwise', () => {
    const secret = { APP_SECRET: 'x'.repeat(32) };
    expect(loadConfig(secret).publicLeaderboard).toBe(true);
    expect(loadConfig({ ...secret, PUBLIC_URL: 'http://127.0.0.1:3000' }).publicLeaderboard).toBe(true);
    expect(loadConfig({ ...secret, PUBLIC_URL: 'http://localhost:8080/' }).publicLeaderboard).toBe(true);
    expect(loadConfig({ ...secret, PUBLIC_URL: 'https://nivesh.example.in' }).publicLeaderboard).toBe(false);
    expect(loadConfig({ ...secret, PUBLIC_URL: 'http://10.0.0.5:3000' }).publicLeaderboard).toBe(false);
    expect(
      loadConfig({ ...secret, PUBLIC_URL: 'https://nivesh.example.in', PUBLIC_LEADERBOARD: 'true' })
        .publicLeaderboard,
    ).toBe(true);
    expect(loadConfig({ ...secret, PUBLIC_LEADERBOARD: 'false' }).publicLeaderboard).toBe(false);
    expect(() => parseEnv({ PUBLIC_LEADERBOARD: 'maybe' })).toThrow(/PUBLIC_LEADERBOARD:/);
  });

  it('names virtual cash as VIRTUAL_CASH_LABEL says, "virtual cash" by default', () => {
    const secret = { APP_SECRET: 'x'.repeat(32) };
    expect(loadConfig(secret).virtualCashLabel).toBe('virtual cash');
    expect(loadConfig({ ...secret, VIRTUAL_CASH_LABEL: '  practice money ' }).virtualCashLabel).toBe(
      'practice money',
    );
    expect(() => parseEnv({ VIRTUAL_CASH_LABEL: 'x'.repeat(41) })).toThrow(/VIRTUAL_CASH_LABEL:/);
  });
});
