import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Product, Quote } from '@nivesh/shared';
import { useActivePortfolio } from '../../../lib/active-portfolio';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { previewOrder } from '../../account/api/account-api';
import { useIntradayCutoff } from '../../account/api/use-intraday-cutoff';
import { usableProduct } from '../../account/lib/intraday-cutoff';
import { ticketSchedule } from '../../account/lib/ticket-charges';
import { draftErrors, estimateOrder, toPlaceRequest, type OrderDraft } from '../lib/order-form';

/** The modal validates 300 ms after typing stops. */
export const MODAL_VALIDATION_MS = 300;

export interface EnhancedPreviewContext {
  quote: Quote;
  availableCash: number;
  availableQuantity: Record<Product, number>;
}

/** The Enhanced Order draft as settled 300 ms after typing stops: its field messages and the server's preview. */
export function useEnhancedPreview(draft: OrderDraft, onForm: boolean, ctx: EnhancedPreviewContext) {
  const { quote, availableCash, availableQuantity: freeByProduct } = ctx;
  const portfolio = useActivePortfolio();
  const clientCutoff = useIntradayCutoff();
  const checked = useDebouncedValue(draft, MODAL_VALIDATION_MS);
  const checkedSchedule = ticketSchedule(checked.product, quote.exchange);
  const errors = draftErrors(
    checked,
    quote.price,
    availableCash,
    freeByProduct[checked.product],
    checkedSchedule,
  );
  const body = toPlaceRequest(quote.symbol, {
    ...checked,
    product: usableProduct(checked.product, clientCutoff),
  });
  const previewable = estimateOrder(checked, quote.price, checkedSchedule) !== null;
  const preview = useQuery({
    queryKey: ['account', 'order-preview', body, portfolio.scope],
    queryFn: ({ signal }) => previewOrder(body, portfolio.portfolioId, signal),
    enabled: previewable && onForm,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
  return { errors, preview, clientCutoff };
}
