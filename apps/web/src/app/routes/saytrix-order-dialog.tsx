import { useAccount, usePortfolioSummary } from '../../features/account/api/account-api';
import { symbolPositions } from '../../features/account/lib/positions';
import { useQuote } from '../../features/market/api/market-api';
import type { SaytrixTrade } from '../../features/saytrix/components/saytrix-actions';
import { EnhancedOrderModal } from '../../features/trading/components/enhanced-order-modal';

/** Buy/Sell from a Saytrix card: the trading feature's order dialog, pre-filled with the proposal. */
export function SaytrixOrderDialog({ trade, onClose }: { trade: SaytrixTrade; onClose: () => void }) {
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
