import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PreviewOrderRequest } from '@nivesh/shared';
import { useActivePortfolio } from '../../../lib/active-portfolio';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { accountKeys, previewOrder } from './account-api';

/** A ticket asks for its preview 300 ms after the user stops changing it. */
export const PREVIEW_DEBOUNCE_MS = 300;

/**
 * The server's preview of the order a ticket would place: every fee line (the DP charge only the
 * server can tell, since it is once per scrip per sell day), the total and the intraday cut-off.
 * `fresh` is true only when the answer is for the body as it is now; until then a ticket shows its
 * local estimate from the same schedule.
 */
export function useOrderPreview(body: PreviewOrderRequest | null, enabled = true) {
  // Keyed by the body's text: callers build a new object each render, the text changes only with the order.
  const text = body ? JSON.stringify(body) : null;
  const settled = useDebouncedValue(text, PREVIEW_DEBOUNCE_MS);
  const { portfolioId, scope } = useActivePortfolio();
  const query = useQuery({
    // Charges (the DP charge) depend on the portfolio's own sells that day.
    queryKey: [...accountKeys.preview(), settled, scope],
    queryFn: ({ signal }) => previewOrder(JSON.parse(settled!) as PreviewOrderRequest, portfolioId, signal),
    enabled: enabled && settled !== null,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
  const fresh = query.data !== undefined && !query.isPlaceholderData && settled === text;
  return { ...query, fresh };
}
