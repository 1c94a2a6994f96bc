import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_PRODUCT, rupeesToPaise, type Product, type Quote } from '@nivesh/shared';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useAccount, useVirtualTrade } from '../../account/api/account-api';
import { useOrderAttempt } from '../../account/api/use-order-attempt';
import { plural } from '../../../lib/plural';
import { useIntradayCutoff } from '../../account/api/use-intraday-cutoff';
import { usableProduct } from '../../account/lib/intraday-cutoff';
import { ticketSchedule } from '../../account/lib/ticket-charges';
import { useClassTicket } from '../../../lib/use-class-ticket';
import { useOrderEstimate } from '../../../lib/use-order-estimate';

/** After a successful buy the page moves to /portfolio 1.5 s later. */
export const REDIRECT_AFTER_BUY_MS = 1500;

/** The quantity: at least 1; anything that is not a whole number reads as 1. */
export function readQuantity(text: string): number {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

/** The stock page's buy: quantity, product, the estimate, the checks and the buy itself. */
export function useBuyPanel(quote: Quote) {
  const navigate = useNavigate();
  const account = useAccount();
  const trade = useVirtualTrade();
  const [text, setText] = useState('1');
  const [bought, setBought] = useState(false);
  const attempt = useOrderAttempt();
  const quantity = readQuantity(text);
  const [chosenProduct, setProduct] = useState<Product>(DEFAULT_PRODUCT);
  const cutoff = useIntradayCutoff();
  // After the cut-off Intraday cannot be chosen; the buy is Delivery.
  const product = usableProduct(chosenProduct, cutoff);
  const schedule = ticketSchedule(product, quote.exchange);

  const cash = account.data?.availableCash;
  // The server's own rules, so a buy it would refuse is disabled with its reason.
  const { estimate, check, insufficient } = useOrderEstimate({
    side: 'BUY',
    orderType: 'MARKET',
    quantity,
    price: null,
    instrument: quote,
    marketPrice: quote.price,
    circuit: quote,
    funds: cash !== undefined ? { availableCashPaise: rupeesToPaise(cash), availableQuantity: 0 } : undefined,
    schedule,
  })!;
  // A class portfolio's rules (issue 26), checked as the server will.
  const classTicket = useClassTicket();
  const classRefusal = classTicket.breach({
    symbol: quote.symbol,
    side: 'BUY',
    orderType: 'MARKET',
    product,
    quantity,
    pricePaise: rupeesToPaise(quote.price),
    marketPricePaise: rupeesToPaise(quote.price),
  });
  const reason = !check.ok ? check.reason : (classRefusal?.message ?? null);

  useEffect(() => {
    if (!bought) return;
    const timer = setTimeout(
      () =>
        void navigate('/portfolio', { state: { purchasedSymbol: quote.symbol, showPurchaseSuccess: true } }),
      REDIRECT_AFTER_BUY_MS,
    );
    return () => clearTimeout(timer);
  }, [bought, navigate, quote.symbol]);

  const buy = async () => {
    const body = { stockSymbol: quote.symbol, quantity, price: quote.price, product };
    try {
      await trade.mutateAsync({
        side: 'buy',
        ...body,
        ...classTicket.noteBody,
        clientOrderId: attempt.idFor(body),
      });
      attempt.settled();
      notify.success(`Successfully bought ${plural(quantity, 'share')} of ${quote.symbol}!`);
      setBought(true);
    } catch (error) {
      attempt.settled(error);
      notify.error(errorMessage(error, 'Failed to buy stock'));
    }
  };

  return {
    text,
    setText,
    quantity,
    product,
    setProduct,
    cutoff,
    // A market buy at a quoted price always has an estimate.
    fees: estimate?.fees ?? 0,
    total: estimate?.total ?? 0,
    cash,
    short: insufficient,
    classTicket,
    reason,
    busy: trade.isPending,
    bought,
    buy,
  };
}
