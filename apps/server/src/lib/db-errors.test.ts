import { describe, expect, it } from 'vitest';
import { isBadInputDataError } from './db-errors.js';

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
