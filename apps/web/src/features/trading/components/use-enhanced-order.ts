import { useEffect, useState } from 'react';
import { rupeesToPaise, type OrderSide, type Product, type Quote } from '@nivesh/shared';
import { useClassTicket } from '../../../lib/use-class-ticket';
import { useActivePortfolio } from '../../../lib/active-portfolio';
import { useOrderEstimate } from '../../../lib/use-order-estimate';
import { usePlaceOrder } from '../../account/api/account-api';
import {
  emptyDraft,
  estimatePrice,
  parsePrice,
  parseQuantity,
  priceField,
  toPlaceRequest,
  type OrderDraft,
} from '../lib/order-form';
import { toastOrderFailed, toastOrderPlaced } from '../lib/order-feedback';
import { suggestQuantities } from '../lib/suggested-quantities';
import { usableProduct } from '../../account/lib/intraday-cutoff';
import { ticketSchedule } from '../../account/lib/ticket-charges';
import { useOrderAttempt } from '../../account/api/use-order-attempt';
import { useEnhancedPreview } from './use-enhanced-preview';
import { orderPnL } from '../lib/order-pnl';

/** The confirmation closes 2 s after success. */
export const SUCCESS_CLOSE_MS = 2000;

export type Step = 'form' | 'confirm' | 'success';

export interface EnhancedOrderModalProps {
  open: boolean;
  onClose: () => void;
  quote: Quote;
  initialSide: OrderSide;
  availableCash: number;
  /** Shares not reserved by resting sells, per product (each product is its own position). */
  availableQuantity: Record<Product, number>;
  /** Each position's average cost per share (fees included), for sell P&L; absent when none is held. */
  avgPrice: Partial<Record<Product, number>>;
  /** Fields filled in advance (a Saytrix proposal: quantity, order type, limit or trigger price, product). */
  initialDraft?: Partial<OrderDraft>;
}

/** The Enhanced Order dialog's state: the draft, the step, the server's preview and every figure. */
export function useEnhancedOrder(props: EnhancedOrderModalProps) {
  const { onClose, quote, initialSide, availableCash, initialDraft } = props;
  const { availableQuantity: freeByProduct, avgPrice: avgByProduct } = props;
  const [draft, setDraft] = useState<OrderDraft>(() => ({
    ...emptyDraft(initialSide),
    ...initialDraft,
    side: initialSide,
  }));
  const [confirmed, setConfirmed] = useState(false);
  const classTicket = useClassTicket();
  const [step, setStep] = useState<Step>('form');
  const [target, setTarget] = useState('');
  const [result, setResult] = useState<{ message: string; status: string } | null>(null);
  const place = usePlaceOrder();
  const portfolio = useActivePortfolio();
  const attempt = useOrderAttempt();
  const set = (patch: Partial<OrderDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setConfirmed(false);
  };

  const { errors, preview, clientCutoff } = useEnhancedPreview(draft, step === 'form', props);
  const cutoff = preview.data?.intradayCutoff ?? clientCutoff;
  // After the cut-off Intraday cannot be chosen; a draft (or a proposal) that had it falls back to Delivery.
  const product = usableProduct(draft.product, cutoff);
  const schedule = ticketSchedule(product, quote.exchange);
  // A sell comes out of the position of the chosen product, at that position's cost basis.
  const availableQuantity = freeByProduct[product];
  const avgPrice = avgByProduct[product];
  const quantity = parseQuantity(draft.quantity);
  const field = priceField(draft.orderType);
  const fillPrice = estimatePrice(draft, quote.price);
  // The preview answers the settled draft; while the user is still typing, the local figures (same schedule) stand in.
  const fresh =
    preview.data !== undefined &&
    quantity !== null &&
    fillPrice !== null &&
    preview.data.quantity === quantity &&
    preview.data.type === draft.side &&
    preview.data.orderType === draft.orderType &&
    preview.data.product === product &&
    (draft.orderType === 'MARKET' || preview.data.price === fillPrice);
  const { estimate, fees, total, check } = useOrderEstimate({
    side: draft.side,
    orderType: draft.orderType,
    quantity,
    price: field ? parsePrice(draft[field]) : null,
    instrument: { currency: quote.currency, symbol: quote.symbol },
    marketPrice: quote.price,
    circuit: quote,
    funds: { availableCashPaise: rupeesToPaise(availableCash), availableQuantity },
    schedule,
    served: fresh ? preview.data : undefined,
  })!;
  const targetPrice = parsePrice(target) ?? quote.price;
  const { estimatedPnL, calculatorPnL, calcBase } = orderPnL({
    side: draft.side,
    quantity,
    estimate,
    avgPrice,
    schedule,
    served: fresh ? preview.data : undefined,
    targetPrice,
  });

  const suggestions = suggestQuantities({
    side: draft.side,
    price: estimate?.price ?? quote.price,
    availableCash,
    availableQuantity,
  });
  // A class portfolio's rules (issue 26), checked as the server will.
  const classRefusal = classTicket.breach(
    quantity !== null
      ? {
          symbol: quote.symbol,
          side: draft.side,
          orderType: draft.orderType,
          product,
          quantity,
          pricePaise: rupeesToPaise(estimate?.price ?? quote.price),
          marketPricePaise: rupeesToPaise(quote.price),
        }
      : null,
  );
  // A field's own message already sits under it; the button names every other reason.
  const reason =
    classRefusal?.message ??
    (check.ok || [errors.quantity, errors.price].includes(check.reason) ? null : check.reason);
  const canPlace = confirmed && check.ok && classRefusal === null && estimate !== null;

  useEffect(() => {
    if (step !== 'success') return;
    const timer = setTimeout(onClose, SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [step, onClose]);

  const submit = async () => {
    const request = toPlaceRequest(quote.symbol, { ...draft, product });
    const clientOrderId = attempt.idFor(request);
    try {
      const res = await place.mutateAsync({ ...request, ...classTicket.noteBody, clientOrderId });
      attempt.settled();
      toastOrderPlaced(res.message);
      setResult({ message: res.message, status: res.data.order.status });
      setStep('success');
    } catch (error) {
      attempt.settled(error);
      toastOrderFailed(error);
    }
  };

  return {
    draft,
    set,
    confirmed,
    setConfirmed,
    classTicket,
    step,
    setStep,
    target,
    setTarget,
    result,
    place,
    portfolio,
    preview,
    errors,
    cutoff,
    product,
    availableQuantity,
    quantity,
    estimate,
    fees,
    total,
    estimatedPnL,
    targetPrice,
    calculatorPnL,
    calcBase,
    suggestions,
    check,
    classRefusal,
    reason,
    canPlace,
    submit,
  };
}

export type EnhancedOrder = ReturnType<typeof useEnhancedOrder>;
