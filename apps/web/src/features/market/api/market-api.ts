import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  historicalResponseSchema,
  indicesResponseSchema,
  marketStatusResponseSchema,
  moversResponseSchema,
  profileResponseSchema,
  quoteResponseSchema,
  quotesResponseSchema,
  searchResponseSchema,
  SEARCH_MIN_LENGTH,
  type Period,
} from '@nivesh/shared';
import { apiRequest } from '../../../lib/api-client';
import { useQuotePolling } from './use-live-quotes';

/** Quotes refresh every 30 s when the live feed is not carrying them. */
export const QUOTE_POLL_MS = 30_000;
export const SEARCH_DEBOUNCE_MS = 300;

export const marketKeys = {
  all: ['market'] as const,
  search: (query: string, limit: number) => ['market', 'search', query, limit] as const,
  quote: (symbol: string) => ['market', 'quote', symbol] as const,
  quotes: (symbols: readonly string[]) => ['market', 'quotes', [...symbols].sort().join(',')] as const,
  indices: () => ['market', 'indices'] as const,
  movers: (type: string, limit: number) => ['market', 'movers', type, limit] as const,
  profile: (symbol: string) => ['market', 'profile', symbol] as const,
  historical: (symbol: string, period: Period) => ['market', 'historical', symbol, period] as const,
  status: (exchange: string) => ['market', 'status', exchange] as const,
};

const enc = encodeURIComponent;

export function searchStocks(query: string, limit: number, signal?: AbortSignal) {
  return apiRequest(`/stocks/search?query=${enc(query)}&limit=${limit}`, {
    schema: searchResponseSchema,
    signal,
  }).then((r) => r.data);
}

/** `query` should already be debounced; below 2 characters nothing is asked. */
export function useStockSearch(query: string, limit = 10) {
  const q = query.trim();
  return useQuery({
    queryKey: marketKeys.search(q, limit),
    queryFn: ({ signal }) => searchStocks(q, limit, signal),
    enabled: q.length >= SEARCH_MIN_LENGTH,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useQuote(symbol: string) {
  const poll = useQuotePolling();
  return useQuery({
    queryKey: marketKeys.quote(symbol),
    queryFn: () =>
      apiRequest(`/stocks/quote/${enc(symbol)}`, { schema: quoteResponseSchema }).then((r) => r.data),
    enabled: symbol.length > 0,
    refetchInterval: poll ? QUOTE_POLL_MS : false,
  });
}

export function useQuotes(symbols: readonly string[]) {
  const poll = useQuotePolling();
  const list = [...new Set(symbols)].sort();
  return useQuery({
    queryKey: marketKeys.quotes(list),
    queryFn: () =>
      apiRequest(`/stocks/quotes?symbols=${list.map(enc).join(',')}`, { schema: quotesResponseSchema }).then(
        (r) => r.data,
      ),
    enabled: list.length > 0,
    refetchInterval: poll ? QUOTE_POLL_MS : false,
    placeholderData: keepPreviousData,
  });
}

export function useIndices() {
  const poll = useQuotePolling();
  return useQuery({
    queryKey: marketKeys.indices(),
    queryFn: () => apiRequest('/stocks/indices', { schema: indicesResponseSchema }).then((r) => r.data),
    refetchInterval: poll ? QUOTE_POLL_MS : false,
  });
}

export type MoverType = 'gainers' | 'losers' | 'active';

export function useMovers(type: MoverType, limit = 10, enabled = true) {
  return useQuery({
    queryKey: marketKeys.movers(type, limit),
    queryFn: () =>
      apiRequest(`/stocks/movers?type=${type}&limit=${limit}`, { schema: moversResponseSchema }).then(
        (r) => r.data,
      ),
    enabled,
    refetchInterval: QUOTE_POLL_MS,
  });
}

export function useProfile(symbol: string) {
  return useQuery({
    queryKey: marketKeys.profile(symbol),
    queryFn: () =>
      apiRequest(`/stocks/${enc(symbol)}/profile`, { schema: profileResponseSchema }).then((r) => r.data),
    enabled: symbol.length > 0,
    staleTime: 10 * 60_000,
  });
}

/** `pollMs` re-reads the candles while a live chart has no socket feed to move its last candle. */
export function useHistorical(symbol: string, period: Period, pollMs: number | false = false) {
  return useQuery({
    queryKey: marketKeys.historical(symbol, period),
    queryFn: () =>
      apiRequest(`/live-charts/historical/${enc(symbol)}?period=${period}`, {
        schema: historicalResponseSchema,
      }),
    enabled: symbol.length > 0,
    staleTime: 60_000,
    refetchInterval: pollMs,
    // Another period or symbol keeps the old candles under the loading overlay instead of blanking the chart.
    placeholderData: keepPreviousData,
  });
}

export function useMarketStatus(exchange: string | undefined) {
  return useQuery({
    queryKey: marketKeys.status(exchange ?? ''),
    queryFn: () =>
      apiRequest(`/live-charts/market-status/${enc(exchange ?? '')}`, { schema: marketStatusResponseSchema }),
    enabled: Boolean(exchange),
    refetchInterval: 60_000,
  });
}
