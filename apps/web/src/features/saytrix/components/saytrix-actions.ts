import type { SaytrixAlertParams, SaytrixTradeParams } from '@nivesh/shared';

export type SaytrixTrade = SaytrixTradeParams & { side: 'BUY' | 'SELL' };

/**
 * What the chat's cards can do, composed in by the route: features do not import each other, so
 * the order dialog, the watchlist and the alerts come from their own features.
 */
export interface SaytrixActionHandlers {
  openOrder?: (trade: SaytrixTrade) => void;
  addToWatchlist?: (symbol: string, name: string) => Promise<void> | void;
  /** Absent until the alerts API is wired: the card then says alerts are not available. */
  setAlert?: (alert: SaytrixAlertParams) => Promise<void>;
}
