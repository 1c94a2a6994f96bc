import { useQuery } from '@tanstack/react-query';
import { capitalGainsResponseSchema, tradeDaysResponseSchema } from '@nivesh/shared';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { keepPreviousInScope, useActivePortfolio, withPortfolio } from '../../../lib/active-portfolio';

export const reportsKeys = {
  // Keys end with the portfolio's scope (lib/active-portfolio): each portfolio has its own gains.
  capitalGains: (fy: string | null, scope: string) => ['reports', 'capital-gains', fy, scope] as const,
  tradeDays: (fy: string | null, scope: string) => ['reports', 'trade-days', fy, scope] as const,
};

const fyQuery = (fy: string | null) => (fy ? `?fy=${encodeURIComponent(fy)}` : '');

/** The year's report; `null` asks for the current financial year, which the server names. */
export function useCapitalGains(fy: string | null) {
  const { portfolioId, scope } = useActivePortfolio();
  return useQuery({
    queryKey: reportsKeys.capitalGains(fy, scope),
    queryFn: async () =>
      (
        await apiRequest(withPortfolio(`/reports/capital-gains${fyQuery(fy)}`, portfolioId), {
          schema: capitalGainsResponseSchema,
        })
      ).data,
    placeholderData: keepPreviousInScope(scope),
  });
}

/** The days of the year with trades: the contract notes the server can send. */
export function useTradeDays(fy: string | null) {
  const { portfolioId, scope } = useActivePortfolio();
  return useQuery({
    queryKey: reportsKeys.tradeDays(fy, scope),
    queryFn: async () =>
      (
        await apiRequest(withPortfolio(`/reports/trade-days${fyQuery(fy)}`, portfolioId), {
          schema: tradeDaysResponseSchema,
        })
      ).data,
  });
}

export const downloadCapitalGains = (fy: string, format: 'csv' | 'pdf', portfolioId: string | undefined) =>
  apiDownload(
    withPortfolio(`/reports/capital-gains.${format}?fy=${encodeURIComponent(fy)}`, portfolioId),
    `capital-gains-${fy}.${format}`,
  );

export const downloadContractNote = (date: string, portfolioId: string | undefined) =>
  apiDownload(
    withPortfolio(`/reports/contract-note?date=${encodeURIComponent(date)}`, portfolioId),
    `contract-note-${date}.pdf`,
  );
