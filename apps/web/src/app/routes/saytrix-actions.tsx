import { useMemo, useState } from 'react';
import { useCancelOrder, useModifyOrder } from '../../features/account/api/account-api';
import { useCreateAlert, useDeleteAlert, useUpdateAlert } from '../../features/alerts/api/alerts-api';
import { useCancelGtt, useCreateGtt, useUpdateGtt } from '../../features/gtt/api/gtt-api';
import { useSaveJournalEntry } from '../../features/journal/api/journal-api';
import type { SaytrixActionHandlers, SaytrixTrade } from '../../features/saytrix/components/saytrix-actions';
import {
  useAddToWatchlist,
  useRemoveFromWatchlist,
  useWatchlists,
} from '../../features/watchlist/api/watchlist-api';
import { ApiError, errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { SaytrixOrderDialog } from './saytrix-order-dialog';
import { SaytrixReplayOrderDialog } from './saytrix-replay-order-dialog';

/** A refusal the client can tell before asking the server, shown on the card like an API error. */
const refusal = (message: string) => new ApiError(message, 409, 'CONFLICT');

/**
 * Composes what Saytrix's cards do, each through the owning feature's API (the chat itself changes
 * nothing): Buy/Sell open the order dialog pre-filled; the other cards call the endpoint once the
 * user confirms and resolve with the server's own message, or throw its error.
 */
export function useSaytrixActions(): { handlers: SaytrixActionHandlers; dialog: React.ReactNode } {
  const [trade, setTrade] = useState<SaytrixTrade | null>(null);
  const lists = useWatchlists();
  const addToList = useAddToWatchlist();
  const removeFromList = useRemoveFromWatchlist();
  const createAlert = useCreateAlert();
  const updateAlert = useUpdateAlert();
  const deleteAlert = useDeleteAlert();
  const modifyOrder = useModifyOrder();
  const cancelOrder = useCancelOrder();
  const createGtt = useCreateGtt();
  const updateGtt = useUpdateGtt();
  const cancelGtt = useCancelGtt();
  const saveJournal = useSaveJournalEntry();

  const handlers = useMemo<SaytrixActionHandlers>(() => {
    const watchlists = async () => lists.data ?? (await lists.refetch({ throwOnError: true })).data ?? [];
    return {
      openOrder: (t) => setTrade(t),
      setAlert: async ({ symbol, condition, price }) => {
        try {
          await createAlert.mutateAsync({ symbol, condition, value: price });
          notify.success(`Alert set: ${symbol} ${condition} ₹${price.toFixed(2)}`);
        } catch (error) {
          notify.error(errorMessage(error, 'Failed to set alert'));
          throw error;
        }
      },
      addToWatchlist: async (symbol) => {
        const all = await watchlists();
        if (all.some((w) => w.stocks.some((s) => s.symbol === symbol)))
          throw refusal(`${symbol} is already in your watchlist.`);
        const target = all.find((w) => w.isDefault) ?? all[0];
        if (!target) throw refusal('No watchlists found. Please create one first.');
        return (await addToList.mutateAsync({ symbol, watchlistId: target.id })).message;
      },
      // Out of every list that holds it, as the watchlist toggles elsewhere do.
      removeFromWatchlist: async ({ symbol }) => {
        const holding = (await watchlists()).filter((w) => w.stocks.some((s) => s.symbol === symbol));
        if (holding.length === 0) throw refusal(`${symbol} is not in your watchlist.`);
        let message = '';
        for (const w of holding)
          message = (await removeFromList.mutateAsync({ symbol, watchlistId: w.id })).message;
        return message;
      },
      // The orders screen's cancel call (same rules as DELETE /orders/:id, with this tab's id).
      // A proposal names its portfolio when it is not the active one (made inside a replay).
      cancelOrder: async ({ orderId, portfolioId }) =>
        (await cancelOrder.mutateAsync({ id: orderId, ...(portfolioId ? { portfolioId } : {}) })).message,
      modifyOrder: async ({ orderId, quantity, price, triggerPrice, portfolioId }) =>
        (
          await modifyOrder.mutateAsync({
            id: orderId,
            ...(portfolioId ? { portfolioId } : {}),
            ...(quantity !== undefined ? { quantity } : {}),
            ...(price !== undefined ? { price } : {}),
            ...(triggerPrice !== undefined ? { triggerPrice } : {}),
          })
        ).message,
      modifyAlert: async ({ alertId, condition, price }) =>
        (await updateAlert.mutateAsync({ id: alertId, body: { condition, value: price } })).message,
      deleteAlert: async ({ alertId }) => (await deleteAlert.mutateAsync(alertId)).message,
      createGtt: async ({ symbol, side, quantity, triggerPrice, limitPrice, product }) =>
        (
          await createGtt.mutateAsync({
            symbol,
            kind: 'single',
            side,
            quantity,
            ...(product ? { product } : {}),
            legs: [{ triggerPrice, limitPrice }],
          })
        ).message,
      // The GTT screen's modify call: the new quantity and the single leg, as PATCH /gtt/:id takes them.
      modifyGtt: async ({ gttId, quantity, triggerPrice, limitPrice }) =>
        (await updateGtt.mutateAsync({ id: gttId, body: { quantity, legs: [{ triggerPrice, limitPrice }] } }))
          .message,
      deleteGtt: async ({ gttId }) => (await cancelGtt.mutateAsync(gttId)).message,
      addJournalNote: async ({ fillId, note }) =>
        (await saveJournal.mutateAsync({ id: null, body: { fillId, note } })).message,
    };
  }, [
    lists,
    addToList,
    removeFromList,
    createAlert,
    updateAlert,
    deleteAlert,
    modifyOrder,
    cancelOrder,
    createGtt,
    updateGtt,
    cancelGtt,
    saveJournal,
  ]);
  const close = () => setTrade(null);
  // A proposal made inside a replay is confirmed into the replay's portfolio, on its prices.
  const { replayId, portfolioId } = trade ?? {};
  return {
    handlers,
    dialog: !trade ? null : replayId && portfolioId ? (
      <SaytrixReplayOrderDialog trade={{ ...trade, replayId, portfolioId }} onClose={close} />
    ) : (
      <SaytrixOrderDialog trade={trade} onClose={close} />
    ),
  };
}
