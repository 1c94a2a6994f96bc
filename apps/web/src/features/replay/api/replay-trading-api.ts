import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelOrderResponseSchema,
  placeOrderResponseSchema,
  quoteResponseSchema,
  replayPortfolioResponseSchema,
  SEARCH_MIN_LENGTH,
  searchResponseSchema,
  type PlaceOrderRequest,
  type Replay,
  type SearchResult,
} from '@nivesh/shared';
import { apiRequest } from '../../../lib/api-client';

const enc = encodeURIComponent;

export const replayTradingKeys = {
  /** Everything about one replay's portfolio: invalidated after each order or cancel. */
  portfolio: (id: string) => ['replays', 'portfolio', id] as const,
  /** Keyed by the clock (and status: finish closes positions) so each minute reads its own figures. */
  portfolioAt: (id: string, clock: string, status: string) =>
    ['replays', 'portfolio', id, clock, status] as const,
  quote: (id: string, clock: string, symbol: string) =>
    ['replays', 'market', id, clock, `quote-${symbol}`] as const,
  search: (id: string, query: string) => ['replays', 'search', id, query] as const,
};

/** The replay's own portfolio at its clock; a replay without one (made before they existed) reads nothing. */
export function useReplayPortfolio(replay: Replay) {
  return useQuery({
    queryKey: replayTradingKeys.portfolioAt(replay.id, replay.clock, replay.status),
    queryFn: () =>
      apiRequest(`/replays/${enc(replay.id)}/portfolio`, { schema: replayPortfolioResponseSchema }).then(
        (r) => r.data,
      ),
    enabled: replay.portfolioId !== null,
    placeholderData: keepPreviousData,
  });
}

/** One stock's quote at the replay's minute (its last price). */
export function useReplayQuote(replay: Replay, symbol: string) {
  return useQuery({
    queryKey: replayTradingKeys.quote(replay.id, replay.clock, symbol),
    queryFn: () =>
      apiRequest(`/stocks/quote/${enc(symbol)}?replayId=${enc(replay.id)}`, {
        schema: quoteResponseSchema,
      }).then((r) => r.data),
    enabled: symbol.length > 0,
    placeholderData: keepPreviousData,
  });
}

function searchReplayStocks(replayId: string, query: string, signal?: AbortSignal): Promise<SearchResult[]> {
  return apiRequest(`/stocks/search?query=${enc(query)}&limit=8&replayId=${enc(replayId)}`, {
    schema: searchResponseSchema,
    signal,
  }).then((r) => r.data);
}

/** The replay's market search (blind: stand-in names); `query` should already be debounced. */
export function useReplaySearch(replay: Replay, query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: replayTradingKeys.search(replay.id, q),
    queryFn: ({ signal }) => searchReplayStocks(replay.id, q, signal),
    enabled: q.length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
}

export type ReplayOrderRequest = PlaceOrderRequest & { clientOrderId: string; portfolioId: string };

/** Places an order in the replay's portfolio; the server fills it on the replay's prices at its clock. */
export function usePlaceReplayOrder(replayId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReplayOrderRequest) =>
      apiRequest('/orders/place', { method: 'POST', body, schema: placeOrderResponseSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: replayTradingKeys.portfolio(replayId) }),
  });
}

/** Cancels a resting order of the replay's portfolio (portfolioId in the body, as for every write). */
export function useCancelReplayOrder(replayId: string, portfolioId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      apiRequest(`/orders/cancel/${enc(orderId)}`, {
        method: 'POST',
        body: { portfolioId },
        schema: cancelOrderResponseSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: replayTradingKeys.portfolio(replayId) }),
  });
}
