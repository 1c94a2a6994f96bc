import type { TransactionQuery, TransactionRange, TransactionStatus, TransactionType } from '@nivesh/shared';

export type SortKey = TransactionQuery['sort'];
export interface SortState {
  sort: SortKey;
  order: 'asc' | 'desc';
}
export const DEFAULT_SORT: SortState = { sort: 'date', order: 'desc' };

/** Sorting: the active column flips; another column is selected descending. */
export function nextSort(current: SortState, column: SortKey): SortState {
  if (current.sort === column) return { sort: column, order: current.order === 'desc' ? 'asc' : 'desc' };
  return { sort: column, order: 'desc' };
}

export interface HistoryFilters {
  search: string;
  type: TransactionType | 'all';
  status: TransactionStatus | 'all';
  range: TransactionRange;
}
export const NO_FILTERS: HistoryFilters = { search: '', type: 'all', status: 'all', range: 'all' };

export function hasActiveFilters(f: HistoryFilters): boolean {
  return f.search.trim() !== '' || f.type !== 'all' || f.status !== 'all' || f.range !== 'all';
}

/** The server query, in one fixed key order; an empty search is left out. */
export function transactionQuery(
  f: HistoryFilters,
  sort: SortState,
  page: number,
  limit: number,
): Partial<TransactionQuery> {
  const search = f.search.trim();
  return {
    type: f.type,
    status: f.status,
    range: f.range,
    ...(search ? { search } : {}),
    sort: sort.sort,
    order: sort.order,
    page,
    limit,
  };
}
