import type { Quote } from '@nivesh/shared';
import { useQuote } from './market-api';
import { useLiveQuotes, withLive } from './use-live-quotes';

/** One symbol's quote with the newest live tick laid over it; undefined until the first quote arrives. */
export function useLiveQuote(symbol: string): Quote | undefined {
  const quote = useQuote(symbol);
  const live = useLiveQuotes(quote.data ? [quote.data.symbol] : []);
  return quote.data ? withLive(quote.data, live[quote.data.symbol]) : undefined;
}
