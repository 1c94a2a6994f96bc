import { useEffect, useState } from 'react';
import type { Transaction } from '@nivesh/shared';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { exportTransactionsCsv, useTransactions } from '../../account/api/account-api';
import { useActivePortfolio } from '../../../lib/active-portfolio';
import {
  DEFAULT_SORT,
  hasActiveFilters,
  NO_FILTERS,
  transactionQuery,
  type HistoryFilters,
  type SortState,
} from '../lib/history-view';

export const HISTORY_PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;

/** State of /history: filters, sort, page, the season shown, the opened row and the CSV export. */
export function useHistoryScreen() {
  const [showFilters, setShowFilters] = useState(false);
  const [filters, setFilters] = useState<HistoryFilters>(NO_FILTERS);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Transaction | null>(null);
  const [exporting, setExporting] = useState(false);
  const search = useDebouncedValue(filters.search, SEARCH_DEBOUNCE_MS);
  const effective = { ...filters, search };
  const { portfolioId, scope } = useActivePortfolio();
  // A closed season (issue 25) is read with ?season=N; null is the season now open. The pick
  // belongs to the portfolio it was made in: switching portfolio shows the new one's open season.
  const [picked, setPicked] = useState<{ scope: string; season: number } | null>(null);
  const season = picked && picked.scope === scope ? picked.season : null;
  const setSeason = (next: number | null) => setPicked(next === null ? null : { scope, season: next });
  const readOnly = season !== null;
  const list = useTransactions(
    transactionQuery(effective, sort, page, HISTORY_PAGE_SIZE),
    season ?? undefined,
  );
  const active = hasActiveFilters(filters);

  useEffect(() => {
    if (list.isError) notify.error('Failed to load transaction history', 'history-load-error');
  }, [list.isError]);

  const changeFilters = (next: HistoryFilters) => {
    setFilters(next);
    setPage(1);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { page: _p, limit: _l, ...query } = transactionQuery(effective, sort, 1, HISTORY_PAGE_SIZE);
      await exportTransactionsCsv(query, portfolioId, season ?? undefined);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to export transactions'));
    } finally {
      setExporting(false);
    }
  };

  const summary = list.data?.summary;
  const pagination = list.data?.pagination;
  const rows = list.data?.data ?? [];

  return {
    showFilters,
    setShowFilters,
    filters,
    sort,
    setSort,
    page,
    setPage,
    open,
    setOpen,
    exporting,
    season,
    setSeason,
    readOnly,
    list,
    active,
    changeFilters,
    exportCsv,
    summary,
    pagination,
    rows,
  };
}

export type HistoryScreenState = ReturnType<typeof useHistoryScreen>;
