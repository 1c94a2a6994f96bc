import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { clientTabHeaders } from './client-tab';

/**
 * The user's money, orders and holdings as the server holds them. Shared by every screen that
 * shows or moves money (dashboard, trading, portfolio, orders, history, stock page, profile);
 * `useTradingLiveSync` keeps it fresh from `order-update` / `balance-updated` events.
 */
export const accountKeys = {
  all: ['account'] as const,
  account: () => ['account', 'virtual-money'] as const,
  summary: () => ['account', 'portfolio', 'summary'] as const,
  holdings: () => ['account', 'portfolio', 'holdings'] as const,
  performance: (range: PerformanceRange) => ['account', 'portfolio', 'performance', range] as const,
  stats: () => ['account', 'stats'] as const,
  orders: (query: Partial<OrderListQuery>) => ['account', 'orders', query] as const,
  orderHistory: (limit: number) => ['account', 'orders', 'history', limit] as const,
  transactions: (query: Partial<TransactionQuery>) => ['account', 'transactions', query] as const,
  reward: () => ['account', 'daily-reward'] as const,
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
  return useQuery({
    queryKey: accountKeys.account(),
    queryFn: () =>
      apiRequest('/virtual-money/account', { schema: virtualAccountResponseSchema }).then((r) => r.data),
  });
}

export function usePortfolioSummary() {
  return useQuery({
    queryKey: accountKeys.summary(),
    queryFn: () =>
      apiRequest('/portfolio/summary', { schema: portfolioSummaryResponseSchema }).then((r) => r.data),
  });
}

export function useHoldings() {
  return useQuery({
    queryKey: accountKeys.holdings(),
    queryFn: () => apiRequest('/portfolio/holdings', { schema: holdingsResponseSchema }).then((r) => r.data),
  });
}

export function usePerformance(range: PerformanceRange) {
  return useQuery({
    queryKey: accountKeys.performance(range),
    queryFn: () =>
      apiRequest(`/portfolio/performance?range=${range}`, { schema: performanceResponseSchema }).then(
        (r) => r.data,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useTradingStats() {
  return useQuery({
    queryKey: accountKeys.stats(),
    queryFn: () => apiRequest('/portfolio/stats', { schema: tradingStatsResponseSchema }).then((r) => r.data),
  });
}

export function useOrders(query: Partial<OrderListQuery>) {
  return useQuery({
    queryKey: accountKeys.orders(query),
    queryFn: () => apiRequest(`/orders/all${queryString(query)}`, { schema: orderListResponseSchema }),
    placeholderData: keepPreviousData,
  });
}

export function useOrderHistory(limit = 50) {
  return useQuery({
    queryKey: accountKeys.orderHistory(limit),
    queryFn: () =>
      apiRequest(`/orders/history?limit=${limit}`, { schema: orderHistoryResponseSchema }).then(
        (r) => r.data,
      ),
  });
}

export function useTransactions(query: Partial<TransactionQuery>) {
  return useQuery({
    queryKey: accountKeys.transactions(query),
    queryFn: () =>
      apiRequest(`/transactions${queryString(query)}`, { schema: transactionListResponseSchema }),
    placeholderData: keepPreviousData,
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

export function previewOrder(body: PreviewOrderRequest, signal?: AbortSignal) {
  return apiRequest('/orders/preview', {
    method: 'POST',
    body,
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
  return useMutation({
    mutationFn: (body: PlaceOrderRequest & { clientOrderId: string }) =>
      apiRequest('/orders/place', {
        method: 'POST',
        body,
        headers: clientTabHeaders,
        schema: placeOrderResponseSchema,
      }),
    onSettled: invalidate,
  });
}

/** Market buy/sell of a product at the price the user saw; the server refuses it when the market moved > 2%. */
export function useVirtualTrade() {
  const invalidate = useInvalidateAccount();
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
    }) =>
      apiRequest(`/virtual-money/${side}`, {
        method: 'POST',
        body,
        headers: clientTabHeaders,
        schema: virtualTradeResponseSchema,
      }),
    onSettled: invalidate,
  });
}

export function useModifyOrder() {
  const invalidate = useInvalidateAccount();
  return useMutation({
    mutationFn: ({ id, ...body }: ModifyOrderRequest & { id: string }) =>
      apiRequest(`/orders/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body,
        headers: clientTabHeaders,
        schema: modifyOrderResponseSchema,
      }),
    onSettled: invalidate,
  });
}

export function useCancelOrder() {
  const invalidate = useInvalidateAccount();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      apiRequest(`/orders/cancel/${encodeURIComponent(id)}`, {
        method: 'POST',
        body: reason ? { reason } : {},
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

export function exportOrdersCsv(query: Partial<OrderExportQuery>) {
  return apiDownload(`/orders/export${queryString(query)}`, 'nivesh-orders.csv');
}

export function exportTransactionsCsv(query: Partial<TransactionExportQuery>) {
  return apiDownload(`/transactions/export${queryString(query)}`, 'nivesh-transactions.csv');
}
