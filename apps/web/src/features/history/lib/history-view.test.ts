import { describe, expect, it } from 'vitest';
import { hasActiveFilters, nextSort, NO_FILTERS, transactionQuery } from './history-view';

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
    expect(
      transactionQuery({ ...NO_FILTERS, search: ' rel ' }, { sort: 'symbol', order: 'asc' }, 2, 20).search,
    ).toBe('rel');
  });
});
