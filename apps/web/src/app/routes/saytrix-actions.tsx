import { useMemo, useState } from 'react';
import { useAccount, usePortfolioSummary } from '../../features/account/api/account-api';
import { symbolPositions } from '../../features/account/lib/positions';
import { useQuote } from '../../features/market/api/market-api';
import type { SaytrixActionHandlers, SaytrixTrade } from '../../features/saytrix/components/saytrix-actions';
import { EnhancedOrderModal } from '../../features/trading/components/enhanced-order-modal';
import { useWatchlistMembership } from '../../features/watchlist/api/use-watchlist-membership';
import { useCreateAlert } from '../../features/alerts/api/alerts-api';
import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';

/**
 * Composes what Saytrix's cards do: Buy/Sell open the trading feature's order dialog pre-filled,
 * "Add to watchlist" uses the watchlist feature, "Set alert" creates the alert through the alerts
 * feature (the chat itself changes nothing).
 */
export function useSaytrixActions(): { handlers: SaytrixActionHandlers; dialog: React.ReactNode } {
  const [trade, setTrade] = useState<SaytrixTrade | null>(null);
  const membership = useWatchlistMembership();
  const createAlert = useCreateAlert();
  const handlers = useMemo<SaytrixActionHandlers>(
    () => ({
      setAlert: async ({ symbol, condition, price }) => {
        try {
          await createAlert.mutateAsync({ symbol, condition, value: price });
          notify.success(`Alert set: ${symbol} ${condition} ₹${price.toFixed(2)}`);
        } catch (error) {
          notify.error(errorMessage(error, 'Failed to set alert'));
          throw error;
        }
      },
      openOrder: (t) => setTrade(t),
      addToWatchlist: async (symbol, name) => {
        if (!membership.isWatched(symbol)) await membership.toggle(symbol, name);
      },
    }),
    [membership, createAlert],
  );
  return {
    handlers,
    dialog: trade ? <SaytrixOrderDialog trade={trade} onClose={() => setTrade(null)} /> : null,
  };
}

function SaytrixOrderDialog({ trade, onClose }: { trade: SaytrixTrade; onClose: () => void }) {
  const quote = useQuote(trade.symbol);
  const account = useAccount();
  const summary = usePortfolioSummary();
  if (!quote.data || !summary.data) return null;
  const held = symbolPositions(summary.data.positions, trade.symbol);
  return (
    <EnhancedOrderModal
      open
      onClose={onClose}
      quote={quote.data}
      initialSide={trade.side}
      availableCash={account.data?.availableCash ?? summary.data.availableCash}
      availableQuantity={held.sellable}
      avgPrice={held.avgPrice}
      initialDraft={{
        ...(trade.quantity ? { quantity: String(trade.quantity) } : {}),
        ...(trade.orderType ? { orderType: trade.orderType } : {}),
        ...(trade.price ? { price: String(trade.price) } : {}),
        ...(trade.triggerPrice ? { triggerPrice: String(trade.triggerPrice) } : {}),
        ...(trade.product ? { product: trade.product } : {}),
      }}
    />
  );
}
