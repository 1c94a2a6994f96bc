import type { z } from 'zod';
import type * as shared from '@nivesh/shared';

export type SaytrixTrade = shared.SaytrixTradeParams & { side: 'BUY' | 'SELL' };

/** What a confirmed change card calls: resolves with the API's own message after a 2xx, else throws. */
type Confirm<S extends z.ZodType> = (params: z.infer<S>) => Promise<string>;

/**
 * What the chat's cards can do, composed in by the route: features do not import each other, so
 * the order dialog, the watchlist, orders, alerts, GTT and the journal come from their own features.
 */
export interface SaytrixActionHandlers {
  openOrder?: (trade: SaytrixTrade) => void;
  addToWatchlist?: (symbol: string) => Promise<string>;
  /** Absent until the alerts API is wired: the card then says alerts are not available. */
  setAlert?: (alert: shared.SaytrixAlertParams) => Promise<void>;
  cancelOrder?: Confirm<typeof shared.saytrixCancelOrderParamsSchema>;
  modifyOrder?: Confirm<typeof shared.saytrixModifyOrderParamsSchema>;
  removeFromWatchlist?: (params: { symbol: string }) => Promise<string>;
  modifyAlert?: Confirm<typeof shared.saytrixModifyAlertParamsSchema>;
  deleteAlert?: Confirm<typeof shared.saytrixDeleteAlertParamsSchema>;
  createGtt?: Confirm<typeof shared.saytrixCreateGttParamsSchema>;
  modifyGtt?: Confirm<typeof shared.saytrixModifyGttParamsSchema>;
  deleteGtt?: Confirm<typeof shared.saytrixDeleteGttParamsSchema>;
  addJournalNote?: Confirm<typeof shared.saytrixJournalNoteParamsSchema>;
}
