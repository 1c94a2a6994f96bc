import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  alertListResponseSchema,
  alertResponseSchema,
  gttListResponseSchema,
  gttResponseSchema,
  messageResponseSchema,
  type AlertCondition,
  type OrderSide,
  type Replay,
} from '@nivesh/shared';
import { apiRequest } from '../../../lib/api-client';
import { replayTradingKeys } from './replay-trading-api';

const enc = encodeURIComponent;

/**
 * Under the replay's portfolio key (an order or a cancel reads them again too), and keyed by the
 * clock: the server judges them as the clock moves, so each minute reads what fired by then.
 */
const watchKeys = {
  alerts: (r: Replay) => [...replayTradingKeys.portfolio(r.id), 'alerts', r.clock, r.status] as const,
  gtts: (r: Replay) => [...replayTradingKeys.portfolio(r.id), 'gtts', r.clock, r.status] as const,
};

/** The price alerts of the replay's portfolio (the same /api/alerts, with its portfolioId). */
export function useReplayAlerts(replay: Replay) {
  const portfolioId = replay.portfolioId ?? '';
  return useQuery({
    queryKey: watchKeys.alerts(replay),
    queryFn: () =>
      apiRequest(`/alerts?portfolioId=${enc(portfolioId)}`, { schema: alertListResponseSchema }).then(
        (r) => r.data,
      ),
    enabled: portfolioId !== '',
    placeholderData: keepPreviousData,
  });
}

/** The GTTs of the replay's portfolio, every status (a fired or ended one stays listed). */
export function useReplayGtts(replay: Replay) {
  const portfolioId = replay.portfolioId ?? '';
  return useQuery({
    queryKey: watchKeys.gtts(replay),
    queryFn: () =>
      apiRequest(`/gtt?status=all&portfolioId=${enc(portfolioId)}`, { schema: gttListResponseSchema }).then(
        (r) => r.data,
      ),
    enabled: portfolioId !== '',
    placeholderData: keepPreviousData,
  });
}

export interface ReplayAlertRequest {
  symbol: string;
  condition: AlertCondition;
  value: number;
  portfolioId: string;
}

export interface ReplayGttRequest {
  symbol: string;
  kind: 'single';
  side: OrderSide;
  quantity: number;
  legs: [{ triggerPrice: number; limitPrice: number }];
  portfolioId: string;
}

function useRefreshing<T, R>(replayId: string, mutationFn: (body: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: replayTradingKeys.portfolio(replayId) }),
  });
}

/** Sets a price alert in the replay's portfolio; the server arms it at the replay's clock. */
export function useSetReplayAlert(replayId: string) {
  return useRefreshing(replayId, (body: ReplayAlertRequest) =>
    apiRequest('/alerts', { method: 'POST', body, schema: alertResponseSchema }),
  );
}

/** Sets a GTT in the replay's portfolio; when the replay's path reaches its trigger, its LIMIT order goes there. */
export function useSetReplayGtt(replayId: string) {
  return useRefreshing(replayId, (body: ReplayGttRequest) =>
    apiRequest('/gtt', { method: 'POST', body, schema: gttResponseSchema }),
  );
}

/** Deletes one of the replay portfolio's alerts. */
export function useDeleteReplayAlert(replayId: string, portfolioId: string) {
  return useRefreshing(replayId, (alertId: string) =>
    apiRequest(`/alerts/${enc(alertId)}`, {
      method: 'DELETE',
      body: { portfolioId },
      schema: messageResponseSchema,
    }),
  );
}

/** Cancels one of the replay portfolio's active GTTs. */
export function useCancelReplayGtt(replayId: string, portfolioId: string) {
  return useRefreshing(replayId, (gttId: string) =>
    apiRequest(`/gtt/${enc(gttId)}`, { method: 'DELETE', body: { portfolioId }, schema: gttResponseSchema }),
  );
}
