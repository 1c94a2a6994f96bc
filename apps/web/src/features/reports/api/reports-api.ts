import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { capitalGainsResponseSchema, tradeDaysResponseSchema } from '@nivesh/shared';
import { apiDownload, apiRequest } from '../../../lib/api-client';

export const reportsKeys = {
  capitalGains: (fy: string | null) => ['reports', 'capital-gains', fy] as const,
  tradeDays: (fy: string | null) => ['reports', 'trade-days', fy] as const,
};

const fyQuery = (fy: string | null) => (fy ? `?fy=${encodeURIComponent(fy)}` : '');

/** The year's report; `null` asks for the current financial year, which the server names. */
export function useCapitalGains(fy: string | null) {
  return useQuery({
    queryKey: reportsKeys.capitalGains(fy),
    queryFn: async () =>
      (await apiRequest(`/reports/capital-gains${fyQuery(fy)}`, { schema: capitalGainsResponseSchema })).data,
    placeholderData: keepPreviousData,
  });
}

/** The days of the year with trades: the contract notes the server can send. */
export function useTradeDays(fy: string | null) {
  return useQuery({
    queryKey: reportsKeys.tradeDays(fy),
    queryFn: async () =>
      (await apiRequest(`/reports/trade-days${fyQuery(fy)}`, { schema: tradeDaysResponseSchema })).data,
  });
}

export const downloadCapitalGains = (fy: string, format: 'csv' | 'pdf') =>
  apiDownload(
    `/reports/capital-gains.${format}?fy=${encodeURIComponent(fy)}`,
    `capital-gains-${fy}.${format}`,
  );

export const downloadContractNote = (date: string) =>
  apiDownload(`/reports/contract-note?date=${encodeURIComponent(date)}`, `contract-note-${date}.pdf`);
