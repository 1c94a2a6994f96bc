import { useState } from 'react';
import { isTradable, rupeesToPaise, type OrderSide, type Product, type Quote } from '@nivesh/shared';
import { usePlaceOrder } from '../../account/api/account-api';
import {
  emptyDraft,
  draftErrors,
  foreseenRefusal,
  parsePrice,
  parseQuantity,
  priceField,
  toPlaceRequest,
  type OrderDraft,
} from '../lib/order-form';
import { toastOrderFailed, toastOrderPlaced } from '../lib/order-feedback';
import { useOrderPreview } from '../../account/api/use-order-preview';
import { useIntradayCutoff } from '../../account/api/use-intraday-cutoff';
import { usableProduct } from '../../account/lib/intraday-cutoff';
import { ticketSchedule } from '../../account/lib/ticket-charges';
import { useOrderAttempt } from '../../account/api/use-order-attempt';
import type { ShownRefusal } from './order-refusal';
import { ApiError } from '../../../lib/api-client';
import { useClassTicket } from '../../../lib/use-class-ticket';
import { useOrderEstimate } from '../../../lib/use-order-estimate';

export interface OrderPanelState {
  side: OrderSide;
  availableCash: number;
  availableQuantity: Record<Product, number>;
  initialProduct?: Product | undefined;
}

/** The Place Order form's state: the draft, the server's preview, the checks and the submit. */
export function useOrderPanel(quote: Quote | undefined, props: OrderPanelState) {
  const { side, availableCash, availableQuantity: byProduct, initialProduct } = props;
  const [form, setForm] = useState<Omit<OrderDraft, 'side'>>(() => emptyDraft('BUY', initialProduct));
  const place = usePlaceOrder();
  const attempt = useOrderAttempt();
  const [refusal, setRefusal] = useState<ShownRefusal | null>(null);
  // A class portfolio's rules (issue 26): shown, checked as far as the ticket knows, and the note.
  const classTicket = useClassTicket();
  const tradable = quote !== undefined && isTradable(quote);
  const clientCutoff = useIntradayCutoff();
  // Asks for what could be placed: not Intraday once the shared rule says its cut-off has passed.
  const asked = { ...form, side, product: usableProduct(form.product, clientCutoff) };
  const previewBody = tradable ? toPlaceRequest(quote.symbol, asked) : null;
  const preview = useOrderPreview(previewBody && previewBody.quantity > 0 ? previewBody : null);
  const cutoff = preview.data?.intradayCutoff ?? clientCutoff;
  // After the cut-off Intraday cannot be chosen; a draft that had it falls back to Delivery.
  const product = usableProduct(form.product, cutoff);
  const draft: OrderDraft = { ...form, side, product };
  const availableQuantity = byProduct[product];
  const field = priceField(form.orderType);
  const schedule = ticketSchedule(product, quote?.exchange);
  // The server's lines once it has answered this very order; the same schedule's until then.
  const served = preview.fresh && preview.data?.product === product ? preview.data : undefined;
  const estimated = useOrderEstimate(
    quote
      ? {
          side,
          orderType: form.orderType,
          quantity: parseQuantity(form.quantity),
          price: field ? parsePrice(form[field]) : null,
          instrument: { currency: quote.currency, symbol: quote.symbol },
          marketPrice: quote.price,
          circuit: quote,
          funds: { availableCashPaise: rupeesToPaise(availableCash), availableQuantity },
          schedule,
          served,
        }
      : null,
  );
  const set = (patch: Partial<OrderDraft>) => {
    setRefusal(null);
    setForm((f) => ({ ...f, ...patch }));
  };
  const busy = place.isPending;

  const submit = async (order: OrderDraft = draft) => {
    if (!quote) return;
    const body = toPlaceRequest(quote.symbol, order);
    const clientOrderId = attempt.idFor(body);
    setRefusal(null);
    try {
      const res = await place.mutateAsync({ ...body, ...classTicket.noteBody, clientOrderId });
      attempt.settled();
      toastOrderPlaced(res.message);
      set({ quantity: '1', price: '', triggerPrice: '' });
      classTicket.setNote('');
    } catch (error) {
      attempt.settled(error);
      if (error instanceof ApiError && error.refusal)
        setRefusal({ ...error.refusal, message: error.message });
      else toastOrderFailed(error);
    }
  };

  const ticket = () => {
    if (!quote || !estimated || !tradable) return null;
    const { estimate, check } = estimated;
    const errors = draftErrors(draft, quote.price, availableCash, availableQuantity, schedule);
    const classRefusal = classTicket.breach({
      symbol: quote.symbol,
      side,
      orderType: form.orderType,
      product,
      quantity: Number(form.quantity),
      pricePaise: rupeesToPaise(estimate?.price ?? quote.price),
      marketPricePaise: rupeesToPaise(quote.price),
    });
    const disabled = busy || !check.ok || classRefusal !== null;
    // What the server would answer, shown before anything is sent: the rule and its one-click fix.
    const foreseen = refusal
      ? null
      : foreseenRefusal(draft, { quote, availableCash, availableQuantity, schedule });
    const shown: ShownRefusal | null =
      refusal ?? (foreseen?.suggestion ? { ...foreseen, message: foreseen.message } : null);
    const shownFieldErrors = [
      form.quantity === '' ? undefined : errors.quantity,
      field && form[field] !== '' ? errors[field] : undefined,
    ];
    // A field's own message already sits under it; the button names every other reason.
    const reason =
      classRefusal?.message ?? (check.ok || shownFieldErrors.includes(check.reason) ? null : check.reason);

    /** Takes the refusal's suggestion into the form and places the order again. */
    const takeSuggestion = () => {
      const s = shown?.suggestion;
      if (!s) return;
      const patch: Partial<OrderDraft> =
        'quantity' in s ? { quantity: String(s.quantity) } : field ? { [field]: s.price.toFixed(2) } : {};
      setForm((f) => ({ ...f, ...patch }));
      void submit({ ...draft, ...patch });
    };
    return { ...estimated, errors, disabled, shown, reason, takeSuggestion };
  };

  return {
    form,
    set,
    product,
    cutoff,
    field,
    availableQuantity,
    classTicket,
    refusal,
    busy,
    submit,
    ticket: ticket(),
  };
}
