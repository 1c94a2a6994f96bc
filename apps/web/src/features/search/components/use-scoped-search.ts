import { SEARCH_MIN_LENGTH, type NewsArticle, type Order } from '@nivesh/shared';
import { useOrders } from '../../account/api/account-api';
import { useNewsSearch } from '../api/search-api';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { SEARCH_DEBOUNCE_MS, useStockSearch } from '../../market/api/market-api';
import { HISTORY_SHOWN, type SearchHistoryItem } from '../../../lib/search-history';
import { ORDER_LIMIT, RESULT_LIMIT, type Scope } from './search-scopes';

/** What the search dialog lists for the typed words in one scope (or the recent searches). */
export function useScopedSearch(scope: Scope, trimmed: string, history: SearchHistoryItem[]) {
  const debounced = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const ready = trimmed.length >= SEARCH_MIN_LENGTH && debounced.length >= SEARCH_MIN_LENGTH;
  const stockSearch = useStockSearch(scope === 'stocks' ? debounced : '', RESULT_LIMIT);
  const newsSearch = useNewsSearch(debounced, scope === 'news');
  const orderSearch = useOrders({ search: debounced, limit: ORDER_LIMIT, page: 1 });
  const search = scope === 'stocks' ? stockSearch : scope === 'news' ? newsSearch : orderSearch;
  const results = ready && scope === 'stocks' ? (stockSearch.data ?? []).slice(0, RESULT_LIMIT) : [];
  const newsResults: NewsArticle[] =
    ready && scope === 'news' ? ((newsSearch.data as NewsArticle[] | undefined) ?? []) : [];
  const orderResults: Order[] =
    ready && scope === 'orders' ? (orderSearch.data?.data ?? []).slice(0, ORDER_LIMIT) : [];
  const recent = trimmed.length === 0 && scope === 'stocks' ? history.slice(0, HISTORY_SHOWN) : [];
  const scoped = results.length + newsResults.length + orderResults.length;
  return { debounced, ready, search, results, newsResults, orderResults, recent, scoped };
}
