import { useState, type FormEvent } from 'react';
import { rupeesToPaise, shareCount as shares, type Holding } from '@nivesh/shared';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useVirtualTrade } from '../../account/api/account-api';
import { useOrderAttempt } from '../../account/api/use-order-attempt';
import { estimateSell, parseSellQuantity } from '../lib/holdings';
import { useOrderPreview } from '../../account/api/use-order-preview';
import { ticketSchedule } from '../../account/lib/ticket-charges';
import { useClassTicket } from '../../../lib/use-class-ticket';

/** The sell dialog's state: the quantity typed, its estimate (the server's once it answers), the checks and the sell. */
export function useSellForm(holding: Holding, onClose: () => void) {
  const reserved = holding.reservedQuantity;
  const free = holding.sellableQuantity;
  const [input, setInput] = useState<string | null>(null);
  const text = input ?? String(free);
  const trade = useVirtualTrade();
  const attempt = useOrderAttempt();

  const parsed = parseSellQuantity(text, free);
  const schedule = ticketSchedule(holding.product);
  const local = parsed.ok ? estimateSell(holding, parsed.quantity, holding.currentPrice, schedule) : null;
  const preview = useOrderPreview(
    parsed.ok
      ? {
          symbol: holding.symbol,
          type: 'SELL',
          orderType: 'MARKET',
          quantity: parsed.quantity,
          validity: 'DAY',
          product: holding.product,
        }
      : null,
  );
  // The server's figures once they answer this quantity (the DP charge only it can tell); the local ones until then.
  const served = preview.fresh ? preview.data : undefined;
  const estimate =
    local && served
      ? {
          ...local,
          tradeValue: served.tradeValue,
          fees: served.fees.total,
          net: served.total,
          realizedPnL: served.estimatedPnL ?? local.realizedPnL,
        }
      : local;
  const feeLines = served ? served.fees : (local?.breakdown ?? null);
  const reason = parsed.ok
    ? null
    : reserved > 0 && free === 0
      ? `All ${shares(holding.quantity)} are held back by resting sell orders; cancel one on /orders to sell here`
      : parsed.message;
  // A class portfolio's rules (issue 26), checked as the server will.
  const classTicket = useClassTicket();
  const classRefusal = parsed.ok
    ? classTicket.breach({
        symbol: holding.symbol,
        side: 'SELL',
        orderType: 'MARKET',
        product: holding.product,
        quantity: parsed.quantity,
        pricePaise: rupeesToPaise(holding.currentPrice),
        marketPricePaise: rupeesToPaise(holding.currentPrice),
      })
    : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.ok || classRefusal) return;
    const body = {
      stockSymbol: holding.symbol,
      quantity: parsed.quantity,
      price: holding.currentPrice,
      product: holding.product,
    };
    trade.mutate(
      { side: 'sell', ...body, ...classTicket.noteBody, clientOrderId: attempt.idFor(body) },
      {
        onSuccess: (res) => {
          attempt.settled();
          notify.success(res.message || `Successfully sold ${shares(parsed.quantity)} of ${holding.symbol}!`);
          onClose();
        },
        onError: (err) => {
          attempt.settled(err);
          notify.error(errorMessage(err, 'Failed to sell stock'));
        },
      },
    );
  };

  return {
    reserved,
    free,
    text,
    setInput,
    trade,
    parsed,
    estimate,
    feeLines,
    reason,
    classTicket,
    classRefusal,
    submit,
  };
}
