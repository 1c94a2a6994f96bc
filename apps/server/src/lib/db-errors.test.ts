import { describe, expect, it } from 'vitest';
import { isBadInputDataError, isLostConnection, retryOnLostConnection } from './db-errors.js';

describe('isBadInputDataError', () => {
  it('counts a CHECK violation (23514) as the caller’s bad input, also when wrapped as cause', () => {
    expect(isBadInputDataError({ code: '23514' })).toBe(true);
    expect(isBadInputDataError(new Error('query failed', { cause: { code: '23514' } }))).toBe(true);
  });

  it('leaves faults of ours alone', () => {
    expect(isBadInputDataError({ code: '08006' })).toBe(false);
    expect(isBadInputDataError({ code: '23505' })).toBe(false);
    expect(isBadInputDataError(new Error('boom'))).toBe(false);
  });
});

describe('retryOnLostConnection', () => {
  it('knows a killed connection by code or by the driver’s message', () => {
    expect(isLostConnection({ code: '57P01' })).toBe(true);
    expect(
      isLostConnection(new Error('Failed query', { cause: new Error('Connection terminated unexpectedly') })),
    ).toBe(true);
    expect(isLostConnection({ code: '23505' })).toBe(false);
    expect(isLostConnection(new Error('syntax error'))).toBe(false);
  });

  it('runs the read again after a lost connection, and only then', async () => {
    let calls = 0;
    const flaky = () => (++calls === 1 ? Promise.reject({ code: '57P01' }) : Promise.resolve('row'));
    expect(await retryOnLostConnection(flaky)).toBe('row');
    expect(calls).toBe(2);
    calls = 0;
    const broken = () => (++calls, Promise.reject(new Error('syntax error')));
    await expect(retryOnLostConnection(broken)).rejects.toThrow('syntax error');
    expect(calls).toBe(1);
  });

  it('meets several dead pooled connections in a row, and gives up after the fourth', async () => {
    let calls = 0;
    const twoDead = () => (++calls <= 2 ? Promise.reject({ code: '57P01' }) : Promise.resolve('row'));
    expect(await retryOnLostConnection(twoDead)).toBe('row');
    expect(calls).toBe(3);
    calls = 0;
    const down = () => (++calls, Promise.reject({ code: '57P01' }));
    await expect(retryOnLostConnection(down)).rejects.toMatchObject({ code: '57P01' });
    expect(calls).toBe(4);
  });
});
