import { describe, expect, it } from 'vitest';
import { formatTxDate, formatTxTime, hasActiveFilters, nextSort, NO_FILTERS, transactionQuery } from './history-view';

describe('nextSort', () => {
  it('flips the active column', () => {
    expect(nextSort({ sort: 'date', order: 'desc' }, 'date')).toEqual({ sort: 'date', order: 'asc' });
    expect(nextSort({ sort: 'date', order: 'asc' }, 'date')).toEqual({ sort: 'date', order: 'desc' });
  });
  it('selects another column descending', () => {
    expect(nextSort({ sort: 'date', order: 'asc' }, 'amount')).toEqual({ sort: 'amount', order: 'desc' });
  });
});

describe('filters', () => {
  it('counts any non-default filter as active', () => {
    expect(hasActiveFilters(NO_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...NO_FILTERS, search: '  ' })).toBe(false);
    expect(hasActiveFilters({ ...NO_FILTERS, search: 'tcs' })).toBe(true);
    expect(hasActiveFilters({ ...NO_FILTERS, range: 'week' })).toBe(true);
  });
  it('builds the server query without an empty search', () => {
    expect(transactionQuery(NO_FILTERS, { sort: 'date', order: 'desc' }, 1, 20)).toEqual({
      type: 'all',
      status: 'all',
      range: 'all',
      sort: 'date',
      order: 'desc',
      page: 1,
      limit: 20,
    });
    expect(transactionQuery({ ...NO_FILTERS, search: ' rel ' }, { sort: 'symbol', order: 'asc' }, 2, 20).search).toBe('rel');
  });
});

describe('dates', () => {
  it('reads in Indian time as MMM DD, YYYY and HH:mm', () => {
    expect(formatTxDate('2026-11-20T19:00:00.000Z')).toBe('Nov 21, 2026');
    expect(formatTxTime('2026-11-20T19:05:00.000Z')).toBe('00:35');
    expect(formatTxTime('2026-03-05T09:30:00.000Z')).toBe('15:00');
  });
});
