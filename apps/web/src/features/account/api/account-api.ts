import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelOrderResponseSchema,
  dailyRewardStatusResponseSchema,
  holdingsResponseSchema,
  loginRewardResponseSchema,
  modifyOrderResponseSchema,
  orderHistoryResponseSchema,
  orderListResponseSchema,
  orderPreviewResponseSchema,
  performanceResponseSchema,
  placeOrderResponseSchema,
  portfolioSummaryResponseSchema,
  resetAccountResponseSchema,
  tradingStatsResponseSchema,
  transactionListResponseSchema,
  virtualAccountResponseSchema,
  virtualTradeResponseSchema,
  type ModifyOrderRequest,
  type OrderExportQuery,
  type OrderListQuery,
  type PerformanceRange,
  type PlaceOrderRequest,
  type PreviewOrderRequest,
  type Product,
  type TransactionExportQuery,
  type TransactionQuery,
} from '@nivesh/shared';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { keepPreviousInScope, useActivePortfolio, withPortfolio } from '../../../lib/active-portfolio';
import { clientTabHeaders } from './client-tab';

/**
 * The user's money, orders and holdings as the server holds them. Shared by every screen that
 * shows or moves money (dashboard, trading, portfolio, orders, history, stock page, profile);
 * `useTradingLiveSync` keeps it fresh from `order-update` / `balance-updated` events.
 */
export const accountKeys = {
  all: ['account'] as const,
  // Every money key ends with the portfolio's scope ('main' or its id): see lib/active-portfolio.
  account: (scope: string) => ['account', 'virtual-money', scope] as const,
  summary: (scope: string) => ['account', 'portfolio', 'summary', scope] as const,
  holdings: (scope: string) => ['account', 'portfolio', 'holdings', scope] as const,
  performance: (range: PerformanceRange, scope: string) =>
    ['account', 'portfolio', 'performance', range, scope] as const,
  stats: (scope: string) => ['account', 'stats', scope] as const,
  orders: (query: Partial<OrderListQuery>, scope: string) => ['account', 'orders', query, scope] as const,
  orderHistory: (limit: number, scope: string) => ['account', 'orders', 'history', limit, scope] as const,
  transactions: (query: Partial<TransactionQuery>, scope: string) =>
    ['account', 'transactions', query, scope] as const,
  /** The daily reward goes to main only (issue 25). */
  reward: () => ['account', 'daily-reward', 'main'] as const,
  preview: () => ['account', 'order-preview'] as const,
};

function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A fresh key per placement attempt; a retry of the same attempt must reuse it. */
export function newClientOrderId(): string {
  return crypto.randomUUID();
}

export function useAccount() {
  const { portfolioId, scope } = useActivePortfolio();
  return useQuery({
    queryKey: accountKeys.account(scope),
    queryFn: () =>
      apiRequest(withPortfolio('/virtual-money/account', portfolioId), {
        schema: virtualAccountResponseSchema,
      }).then((r) => r.data),
  });
}

/** One portfolio's summary, whichever is active (the /portfolios list reads each); undefined is main. */
export function portfolioSummaryQuery(portfolioId: string | undefined) {
  return {
    queryKey: accountKeys.summary(portfolioId ?? 'main'),
    queryFn: () =>
      apiRequest(withPortfolio('/portfolio/summary', portfolioId), {
        schema: portfolioSummaryResponseSchema,
      }).then((r) => r.data),
  };
}

export function usePortfolioSummary() {
  const { portfolioId } = useActivePortfolio();
  return useQuery(portfolioSummaryQuery(portfolioId));
}

export function useHoldings() {
  const { portfolioId, scope } = useActivePortfolio();
  return useQuery({
    queryKey: accountKeys.holdings(scope),
    queryFn: () =>
      apiRequest(withPortfolio('/portfolio/holdings', portfolioId), { schema: holdingsResponseSchema }).then(
        (r) => r.data,
      ),
  });
}

/** One portfolio's value against NIFTY 50 (the /portfolios comparison reads each); undefined is main. */
export function performanceQuery(range: PerformanceRange, portfolioId: string | undefined) {
  const scope = portfolioId ?? 'main';
  return {
    queryKey: accountKeys.performance(range, scope),
    queryFn: () =>
      apiRequest(withPortfolio(`/portfolio/performance?range=${range}`, portfolioId), {
        schema: performanceResponseSchema,
      }).then((r) => r.data),
    placeholderData: keepPreviousInScope(scope),
  };
}

export function usePerformance(range: PerformanceRange) {
  const { portfolioId } = useActivePortfolio();
  return useQuery(performanceQuery(range, portfolioId));
}

export function useTradingStats() {
  const { portfolioId, scope } = useActivePortfolio();
  return useQuery({
    queryKey: accountKeys.stats(scope),
    queryFn: () =>
      apiRequest(withPortfolio('/portfolio/stats', portfolioId), { schema: tradingStatsResponseSchema }).then(
        (r) => r.data,
      ),
  });
}

export function useOrders(query: Partial<OrderListQuery>) {
  const { portfolioId, scope } = useActivePortfolio();
  return useQuery({
    queryKey: accountKeys.orders(query, scope),
    queryFn: () =>
      apiRequest(`/orders/all${queryString({ ...query, portfolioId })}`, { schema: orderListResponseSchema }),
    placeholderData: keepPreviousInScope(scope),
  });
}

export function useOrderHistory(limit = 50) {
  const { portfolioId, scope } = useActivePortfolio();
  return useQuery({
    queryKey: accountKeys.orderHistory(limit, scope),
    queryFn: () =>
      apiRequest(withPortfolio(`/orders/history?limit=${limit}`, portfolioId), {
        schema: orderHistoryResponseSchema,
      }).then((r) => r.data),
  });
}

/** `season` reads a closed season of the active portfolio (read-only; issue 25). */
export function useTransactions(query: Partial<TransactionQuery>, season?: number) {
  const { portfolioId, scope } = useActivePortfolio();
  return useQuery({
    queryKey: accountKeys.transactions({ ...query, ...(season ? { season } : {}) }, scope),
    queryFn: () =>
      apiRequest(`/transactions${queryString({ ...query, portfolioId, season })}`, {
        schema: transactionListResponseSchema,
      }),
    placeholderData: keepPreviousInScope(scope),
  });
}

export function useDailyReward() {
  return useQuery({
    queryKey: accountKeys.reward(),
    queryFn: () =>
      apiRequest('/virtual-money/daily-reward', { schema: dailyRewardStatusResponseSchema }).then(
        (r) => r.data,
      ),
  });
}

export function previewOrder(
  body: PreviewOrderRequest,
  portfolioId: string | undefined,
  signal?: AbortSignal,
) {
  return apiRequest('/orders/preview', {
    method: 'POST',
    body: { ...body, portfolioId },
    schema: orderPreviewResponseSchema,
    signal,
  }).then((r) => r.data);
}

function useInvalidateAccount() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: accountKeys.all });
}

/** `clientOrderId` is required so a retried click can never place a second order. */
export function usePlaceOrder() {
  const invalidate = useInvalidateAccount();
  const { portfolioId } = useActivePortfolio();
  return useMutation({
    mutationFn: (body: PlaceOrderRequest & { clientOrderId: string }) =>
      apiRequest('/orders/place', {
        method: 'POST',
        body: { ...body, portfolioId },
        headers: clientTabHeaders,
        schema: placeOrderResponseSchema,
      }),
    onSettled: invalidate,
  });
}

/** Market buy/sell of a product at the price the user saw; the server refuses it when the market moved > 2%. */
export function useVirtualTrade() {
  const invalidate = useInvalidateAccount();
  const { portfolioId } = useActivePortfolio();
  return useMutation({
    mutationFn: ({
      side,
      ...body
    }: {
      side: 'buy' | 'sell';
      stockSymbol: string;
      quantity: number;
      price: number;
      clientOrderId: string;
      product: Product;
      note?: string;
    }) =>
      apiRequest(`/virtual-money/${side}`, {
        method: 'POST',
        body: { ...body, portfolioId },
        headers: clientTabHeaders,
        schema: virtualTradeResponseSchema,
      }),
    onSettled: invalidate,
  });
}

export function useModifyOrder() {
  const invalidate = useInvalidateAccount();
  const { portfolioId } = useActivePortfolio();
  return useMutation({
    // `portfolioId` names another portfolio than the active one (a Saytrix proposal made in a replay).
    mutationFn: ({ id, portfolioId: other, ...body }: ModifyOrderRequest & { id: string }) =>
      apiRequest(`/orders/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { ...body, portfolioId: other ?? portfolioId },
        headers: clientTabHeaders,
        schema: modifyOrderResponseSchema,
      }),
    onSettled: invalidate,
  });
}

export function useCancelOrder() {
  const invalidate = useInvalidateAccount();
  const { portfolioId } = useActivePortfolio();
  return useMutation({
    mutationFn: ({ id, reason, portfolioId: other }: { id: string; reason?: string; portfolioId?: string }) =>
      apiRequest(`/orders/cancel/${encodeURIComponent(id)}`, {
        method: 'POST',
        body: { ...(reason ? { reason } : {}), portfolioId: other ?? portfolioId },
        headers: clientTabHeaders,
        schema: cancelOrderResponseSchema,
      }),
    onSettled: invalidate,
  });
}

export function useClaimDailyReward() {
  const invalidate = useInvalidateAccount();
  return useMutation({
    mutationFn: () =>
      apiRequest('/virtual-money/login-reward', { method: 'POST', schema: loginRewardResponseSchema }),
    onSettled: invalidate,
  });
}

export function useResetAccount() {
  const invalidate = useInvalidateAccount();
  return useMutation({
    mutationFn: () =>
      apiRequest('/virtual-money/reset', {
        method: 'POST',
        body: { confirm: 'RESET' },
        schema: resetAccountResponseSchema,
      }),
    onSettled: invalidate,
  });
}

export function exportOrdersCsv(query: Partial<OrderExportQuery>, portfolioId: string | undefined) {
  return apiDownload(`/orders/export${queryString({ ...query, portfolioId })}`, 'nivesh-orders.csv');
}

export function exportTransactionsCsv(
  query: Partial<TransactionExportQuery>,
  portfolioId: string | undefined,
  season?: number,
) {
  return apiDownload(
    `/transactions/export${queryString({ ...query, portfolioId, season })}`,
    'nivesh-transactions.csv',
  );
}
