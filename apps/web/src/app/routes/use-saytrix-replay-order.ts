import { useRef, useState } from 'react';
import { usePlaceReplayOrder } from '../../features/replay/api/replay-trading-api';
import type { SaytrixTrade } from '../../features/saytrix/components/saytrix-actions';
import { errorMessage } from '../../lib/api-client';

/**
 * Confirming a Saytrix proposal made inside a replay: the order goes to the replay's portfolio
 * through the same order route the replay's ticket uses (filled on the replay's prices at its
 * clock). The quantity can be changed before confirming; a retry reuses the clientOrderId.
 */
export function useSaytrixReplayOrder(trade: SaytrixTrade & { replayId: string; portfolioId: string }) {
  const place = usePlaceReplayOrder(trade.replayId);
  const [quantity, setQuantity] = useState(String(trade.quantity ?? 1));
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const clientOrderId = useRef(crypto.randomUUID());
  const size = Number(quantity);
  const valid = Number.isInteger(size) && size > 0;

  const confirm = async () => {
    if (!valid) return;
    setOutcome(null);
    try {
      const res = await place.mutateAsync({
        symbol: trade.symbol,
        type: trade.side,
        orderType: trade.orderType ?? 'MARKET',
        quantity: size,
        ...(trade.orderType === 'LIMIT' && trade.price ? { price: trade.price } : {}),
        ...(trade.orderType === 'STOP' && trade.triggerPrice ? { triggerPrice: trade.triggerPrice } : {}),
        validity: 'DAY',
        product: trade.product ?? 'CNC',
        clientOrderId: clientOrderId.current,
        portfolioId: trade.portfolioId,
      });
      clientOrderId.current = crypto.randomUUID();
      setOutcome({ ok: true, text: res.message });
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error, 'The order was not placed') });
    }
  };

  return { quantity, setQuantity, valid, confirm, outcome, pending: place.isPending };
}
