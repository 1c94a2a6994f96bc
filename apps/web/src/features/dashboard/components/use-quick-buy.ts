import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { isTradable, rupeesToPaise, DEFAULT_PRODUCT, type Order, type Product } from '@nivesh/shared';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useAccount, useVirtualTrade } from '../../account/api/account-api';
import { useOrderAttempt } from '../../account/api/use-order-attempt';
import { useMovers, useQuote } from '../../market/api/market-api';
import { useLiveQuotes, withLive } from '../../market/api/use-live-quotes';
import { readQuantity } from '../lib/quick-buy';
import { plural } from '../../../lib/plural';
import { useIntradayCutoff } from '../../account/api/use-intraday-cutoff';
import { usableProduct } from '../../account/lib/intraday-cutoff';
import { ticketSchedule } from '../../account/lib/ticket-charges';
import { useClassTicket } from '../../../lib/use-class-ticket';
import { useOrderEstimate } from '../../../lib/use-order-estimate';

/** After a quick buy the success state shows for 1.5 s before /portfolio. */
export const QUICK_BUY_SUCCESS_MS = 1_500;

/** Quick Buy's state: the stock picked, the quantity and product, the estimate, the checks and the buy. */
export function useQuickBuy(initialSymbol: string | null, onClose: () => void) {
  const navigate = useNavigate();
  const [symbol, setSymbol] = useState<string | null>(initialSymbol);
  const [qtyText, setQtyText] = useState('1');
  const [chosenProduct, setProduct] = useState<Product>(DEFAULT_PRODUCT);
  const cutoff = useIntradayCutoff();
  // After the cut-off Intraday cannot be chosen; the buy is Delivery.
  const product = usableProduct(chosenProduct, cutoff);
  // The filled order, once the buy went through.
  const [done, setDone] = useState<Order | null>(null);
  const movers = useMovers('gainers', 5);
  const quote = useQuote(symbol ?? '');
  const live = useLiveQuotes(symbol ? [symbol] : []);
  const account = useAccount();
  const trade = useVirtualTrade();
  const attempt = useOrderAttempt();

  const q = quote.data ? withLive(quote.data, live[quote.data.symbol]) : null;
  const quantity = readQuantity(qtyText);
  const cash = account.data?.availableCash ?? 0;
  const schedule = ticketSchedule(product, q?.exchange);
  // The same rules the server applies: a refused buy is disabled with its reason, never attempted.
  const estimated = useOrderEstimate(
    q
      ? {
          side: 'BUY',
          orderType: 'MARKET',
          quantity,
          price: null,
          instrument: q,
          marketPrice: q.price,
          funds: account.data ? { availableCashPaise: rupeesToPaise(cash), availableQuantity: 0 } : undefined,
          schedule,
        }
      : null,
  );
  const estimate = estimated?.estimate ?? null;
  const check = estimated?.check ?? null;
  const viewOnly = q ? !isTradable(q) : false;
  // A class portfolio's rules (issue 26), checked as the server will.
  const classTicket = useClassTicket();
  const classRefusal = classTicket.breach(
    q
      ? {
          symbol: q.symbol,
          side: 'BUY',
          orderType: 'MARKET',
          product,
          quantity,
          pricePaise: rupeesToPaise(q.price),
          marketPricePaise: rupeesToPaise(q.price),
        }
      : null,
  );
  const reason = check && !check.ok ? check.reason : (classRefusal?.message ?? null);

  useEffect(() => {
    if (!done || !q) return;
    const timer = setTimeout(() => {
      onClose();
      void navigate('/portfolio', { state: { purchasedSymbol: q.symbol, showPurchaseSuccess: true } });
    }, QUICK_BUY_SUCCESS_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one navigation per completed buy
  }, [done]);

  const pick = (s: string) => {
    setSymbol(s.toUpperCase());
    setQtyText('1');
  };

  const buy = () => {
    if (!q || !estimate || !check?.ok || classRefusal || !account.data) return;
    const body = { stockSymbol: q.symbol, quantity, price: q.price, product };
    trade.mutate(
      { side: 'buy', ...body, ...classTicket.noteBody, clientOrderId: attempt.idFor(body) },
      {
        onSuccess: (res) => {
          attempt.settled();
          notify.success(`Successfully bought ${plural(quantity, 'share')} of ${q.symbol}!`);
          setDone(res.data.order);
        },
        onError: (error) => {
          attempt.settled(error);
          notify.error(errorMessage(error, 'Failed to buy stock'));
        },
      },
    );
  };

  return {
    symbol,
    pick,
    qtyText,
    setQtyText,
    quantity,
    product,
    setProduct,
    cutoff,
    done,
    movers,
    quote,
    q,
    account,
    cash,
    trade,
    estimate,
    insufficient: estimated?.insufficient ?? false,
    viewOnly,
    classTicket,
    reason,
    buy,
  };
}

export type QuickBuy = ReturnType<typeof useQuickBuy>;
