import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  derivativePositionsResponseSchema,
  optionChainResponseSchema,
  optionExpiriesResponseSchema,
  optionMarginResponseSchema,
  type MarginLeg,
  type Underlying,
} from '@nivesh/shared';
import { apiRequest } from '../../../lib/api-client';
import { useActivePortfolio, withPortfolio } from '../../../lib/active-portfolio';

/** The chain is repriced as the simulated index ticks; a few seconds keeps it live without flooding. */
export const CHAIN_REFRESH_MS = 3_000;
/** Positions' MTM follows the same prices, read a little less often. */
const POSITIONS_REFRESH_MS = 5_000;

export const optionsKeys = {
  all: ['options'] as const,
  expiries: (u: Underlying) => ['options', 'expiries', u] as const,
  chain: (u: Underlying, expiry: string | undefined) => ['options', 'chain', u, expiry ?? 'nearest'] as const,
  margin: (legs: readonly MarginLeg[], scope: string) => ['options', 'margin', legs, scope] as const,
  // Positions are money: their key starts with 'account' so every order invalidates them too.
  positions: (scope: string) => ['account', 'options', 'positions', scope] as const,
};

export function useOptionExpiries(underlying: Underlying) {
  return useQuery({
    queryKey: optionsKeys.expiries(underlying),
    queryFn: async () =>
      (
        await apiRequest(`/options/expiries?underlying=${underlying}`, {
          schema: optionExpiriesResponseSchema,
        })
      ).data,
  });
}

export function useOptionChain(underlying: Underlying, expiry: string | undefined) {
  const params = new URLSearchParams({ underlying });
  if (expiry) params.set('expiry', expiry);
  return useQuery({
    queryKey: optionsKeys.chain(underlying, expiry),
    queryFn: async () =>
      (await apiRequest(`/options/chain?${params.toString()}`, { schema: optionChainResponseSchema })).data,
    refetchInterval: CHAIN_REFRESH_MS,
  });
}

/**
 * The margin the strategy's legs need on their own (as a strategy builder shows it). With the
 * portfolio's open positions the server would return the whole book's margin, which is not what
 * this strategy adds; the order itself is checked against the whole book when it is placed.
 */
export function useOptionMargin(legs: readonly MarginLeg[]) {
  const { scope } = useActivePortfolio();
  return useQuery({
    queryKey: optionsKeys.margin(legs, scope),
    queryFn: async () =>
      (
        await apiRequest('/options/margin', {
          method: 'POST',
          body: { legs },
          schema: optionMarginResponseSchema,
        })
      ).data,
    enabled: legs.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useOptionPositions() {
  const { portfolioId, scope } = useActivePortfolio();
  return useQuery({
    queryKey: optionsKeys.positions(scope),
    queryFn: async () =>
      (
        await apiRequest(withPortfolio('/options/positions', portfolioId), {
          schema: derivativePositionsResponseSchema,
        })
      ).data,
    refetchInterval: POSITIONS_REFRESH_MS,
  });
}
