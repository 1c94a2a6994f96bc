import { useEffect, useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CheckCircle2, Calculator, Info } from 'lucide-react';
import { PRODUCT_LABELS, rupeesToPaise, type OrderSide, type Product, type Quote } from '@nivesh/shared';
import { ClassTicketFields } from '../../../components/class-ticket-fields';
import { useClassTicket } from '../../../lib/use-class-ticket';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Modal } from '../../../components/ui/modal';
import { SlideToConfirm } from '../../../components/ui/slide-to-confirm';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useActivePortfolio } from '../../../lib/active-portfolio';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { previewOrder, usePlaceOrder } from '../../account/api/account-api';
import { changeTone, formatPercent } from '../../market/lib/format';
import { formatPrice } from '../../../lib/money-format';
import {
  checkDraft,
  draftErrors,
  emptyDraft,
  estimateOrder,
  parsePrice,
  parseQuantity,
  toPlaceRequest,
  type OrderDraft,
} from '../lib/order-form';
import { toastOrderFailed, toastOrderPlaced } from '../lib/order-feedback';
import { roundTripPnL } from '../lib/pnl';
import { suggestQuantities } from '../lib/suggested-quantities';
import { PriceInput, QuantityStepper, SideToggle, SummaryRow, ValidityNote } from './order-controls';
import { useIntradayCutoff } from '../../account/api/use-intraday-cutoff';
import { usableProduct } from '../../account/lib/intraday-cutoff';
import { dpChargeHint, ticketSchedule } from '../../account/lib/ticket-charges';
import { ProductChoice } from '../../account/components/product-choice';
import { FeeLines } from '../../account/components/fee-lines';
import { ChargeSchedule } from '../../account/components/charge-schedule';
import { useOrderAttempt } from '../../account/api/use-order-attempt';
import { ToggleGroup } from '../../../components/ui/toggle-group';

/** The modal validates 300 ms after typing stops. */
export const MODAL_VALIDATION_MS = 300;
/** The confirmation closes 2 s after success. */
export const SUCCESS_CLOSE_MS = 2000;

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

type Step = 'form' | 'confirm' | 'success';

const signed = (v: number) => `${v > 0 ? '+' : v < 0 ? '−' : ''}${formatPrice(Math.abs(v))}`;

/** The order modal: quick quantities, fees from the server's preview, P&L, confirm, slide to confirm. */
export function EnhancedOrderModal(props: EnhancedOrderModalProps) {
  if (!props.open) return null;
  return <EnhancedOrderDialog {...props} />;
}

function EnhancedOrderDialog({
  onClose,
  quote,
  initialSide,
  availableCash,
  availableQuantity: freeByProduct,
  avgPrice: avgByProduct,
  initialDraft,
}: EnhancedOrderModalProps) {
  const id = useId();
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

  const clientCutoff = useIntradayCutoff();
  const checked = useDebouncedValue(draft, MODAL_VALIDATION_MS);
  const checkedSchedule = ticketSchedule(checked.product, quote.exchange);
  const errors = draftErrors(
    checked,
    quote.price,
    availableCash,
    freeByProduct[checked.product],
    checkedSchedule,
  );
  const body = toPlaceRequest(quote.symbol, {
    ...checked,
    product: usableProduct(checked.product, clientCutoff),
  });
  const previewable = estimateOrder(checked, quote.price, checkedSchedule) !== null;
  const preview = useQuery({
    queryKey: ['account', 'order-preview', body, portfolio.scope],
    queryFn: ({ signal }) => previewOrder(body, portfolio.portfolioId, signal),
    enabled: previewable && step === 'form',
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
  const cutoff = preview.data?.intradayCutoff ?? clientCutoff;
  // After the cut-off Intraday cannot be chosen; a draft (or a proposal) that had it falls back to Delivery.
  const product = usableProduct(draft.product, cutoff);
  const schedule = ticketSchedule(product, quote.exchange);
  // A sell comes out of the position of the chosen product, at that position's cost basis.
  const availableQuantity = freeByProduct[product];
  const avgPrice = avgByProduct[product];
  const estimate = estimateOrder({ ...draft, product }, quote.price, schedule);
  // The preview answers the settled draft; while the user is still typing, the local figures (same schedule) stand in.
  const fresh =
    preview.data !== undefined &&
    preview.data.quantity === estimate?.quantity &&
    preview.data.type === draft.side &&
    preview.data.orderType === draft.orderType &&
    preview.data.product === product &&
    (draft.orderType === 'MARKET' || preview.data.price === estimate.price);
  const fees = fresh ? preview.data!.fees : (estimate?.breakdown ?? null);
  const total = fresh ? preview.data!.total : estimate?.total;
  const estimatedPnL =
    draft.side === 'SELL'
      ? fresh && preview.data!.estimatedPnL !== null
        ? preview.data!.estimatedPnL
        : estimate && avgPrice !== undefined
          ? roundTripPnL({
              side: 'SELL',
              quantity: estimate.quantity,
              entryPrice: estimate.price,
              exitPrice: estimate.price,
              avgPrice,
              schedule,
            })
          : null
      : null;

  const quantity = parseQuantity(draft.quantity);
  const targetPrice = parsePrice(target) ?? quote.price;
  const calculatorPnL =
    quantity !== null && estimate
      ? roundTripPnL({
          side: draft.side,
          quantity,
          entryPrice: estimate.price,
          exitPrice: targetPrice,
          avgPrice,
          schedule,
        })
      : null;
  const calcBase =
    draft.side === 'SELL' && avgPrice !== undefined && quantity
      ? avgPrice * quantity
      : (estimate?.total ?? 0);

  const suggestions = suggestQuantities({
    side: draft.side,
    price: estimate?.price ?? quote.price,
    availableCash,
    availableQuantity,
  });
  const check = checkDraft({ ...draft, product }, { quote, availableCash, availableQuantity, schedule });
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

  const verb = draft.side === 'BUY' ? 'Buy' : 'Sell';
  const title =
    step === 'success'
      ? 'Order Confirmed!'
      : step === 'confirm'
        ? `Confirm ${verb} Order`
        : `${verb} ${quote.symbol}`;

  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      size={step === 'form' ? 'lg' : 'md'}
      description={step === 'form' ? `${quote.name} · ${quote.exchange} · ${portfolio.label}` : undefined}
    >
      {step === 'success' && result ? (
        <div className="flex flex-col items-center gap-3 py-4 text-center" role="status">
          <CheckCircle2 aria-hidden="true" className="size-14 text-emerald-600 dark:text-emerald-400" />
          <p className="text-base font-semibold text-slate-900 dark:text-white">{result.message}</p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {result.status === 'FILLED'
              ? 'Your order was filled at the market price.'
              : 'Your order is resting and will fill when the market reaches your price.'}
          </p>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      ) : step === 'confirm' && estimate ? (
        <div className="space-y-4">
          <dl
            className="divide-y divide-slate-100 rounded-lg border border-slate-200 px-3 py-1 dark:divide-slate-700 dark:border-slate-700"
            aria-label="Order details"
          >
            <SummaryRow label="Stock" value={`${quote.symbol} · ${quote.name}`} />
            <SummaryRow
              label="Side"
              value={verb}
              tone={
                draft.side === 'BUY'
                  ? 'text-emerald-700 dark:text-emerald-400'
                  : 'text-red-700 dark:text-red-400'
              }
            />
            <SummaryRow label="Product" value={PRODUCT_LABELS[product].long} />
            <SummaryRow label="Order type" value={draft.orderType === 'MARKET' ? 'Market' : 'Limit · Day'} />
            <SummaryRow label="Quantity" value={String(estimate.quantity)} />
            <SummaryRow
              label={draft.orderType === 'MARKET' ? 'Market price' : 'Limit price'}
              value={formatPrice(estimate.price, quote.currency)}
            />
            <SummaryRow label="Fees & taxes" value={formatPrice(fees?.total ?? estimate.fees)} />
            <SummaryRow
              label={draft.side === 'BUY' ? 'Total cost' : 'You receive'}
              value={formatPrice(total ?? estimate.total)}
              strong
              testId="confirm-total"
            />
          </dl>
          {draft.orderType === 'MARKET' ? (
            <p className="flex items-start gap-2 text-xs text-slate-600 dark:text-slate-300">
              <Info aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" /> A market order fills at the
              live price when it reaches the server, which may differ slightly.
            </p>
          ) : null}
          <SlideToConfirm
            label={`Slide to ${verb}`}
            releaseLabel={`Release to ${verb}!`}
            busyLabel="Processing..."
            busy={place.isPending}
            disabled={!check.ok || classRefusal !== null}
            onConfirm={() => void submit()}
          />
          {reason && !place.isPending ? (
            <p
              role="status"
              data-testid="slide-disabled-reason"
              className="text-sm text-red-700 dark:text-red-400"
            >
              {reason}
            </p>
          ) : null}
          <Button
            variant="ghost"
            className="w-full"
            disabled={place.isPending}
            onClick={() => setStep('form')}
          >
            Back to order
          </Button>
        </div>
      ) : (
        <form
          className="grid gap-5 md:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (canPlace) setStep('confirm');
          }}
        >
          <div className="space-y-4">
            <SideToggle value={draft.side} onChange={(side) => set({ side })} />
            <ProductChoice value={product} onChange={(p) => set({ product: p })} cutoff={cutoff} />
            <ToggleGroup
              variant="segmented"
              label="Order method"
              options={[
                { key: 'MARKET', label: 'Market' },
                { key: 'LIMIT', label: 'Limit' },
              ]}
              value={draft.orderType === 'LIMIT' ? 'LIMIT' : 'MARKET'}
              onChange={(orderType) => set({ orderType })}
            />
            <div>
              <p className="mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200" id={`${id}-quick`}>
                Quick quantity
              </p>
              {suggestions.length > 0 ? (
                <div role="group" aria-labelledby={`${id}-quick`} className="flex flex-wrap gap-1.5">
                  {suggestions.map((s) => (
                    <button
                      key={s.quantity}
                      type="button"
                      aria-pressed={quantity === s.quantity}
                      onClick={() => set({ quantity: String(s.quantity) })}
                      className={cn(
                        'rounded-full border px-3 py-1 text-xs font-medium',
                        quantity === s.quantity
                          ? 'border-indigo-600 bg-indigo-600 text-white'
                          : 'border-slate-300 text-slate-700 hover:border-indigo-400 dark:border-slate-600 dark:text-slate-200',
                      )}
                    >
                      {s.label} · {s.quantity}
                    </button>
                  ))}
                </div>
              ) : (
                <p className="text-xs text-slate-600 dark:text-slate-300">
                  {draft.side === 'SELL'
                    ? `You hold no ${quote.symbol} shares to sell.`
                    : 'Not enough cash for one share at this price.'}
                </p>
              )}
            </div>
            <QuantityStepper
              id={`${id}-qty`}
              value={draft.quantity}
              onChange={(q) => set({ quantity: q })}
              error={errors.quantity}
            />
            {draft.orderType === 'LIMIT' ? (
              <>
                <PriceInput
                  id={`${id}-limit`}
                  label="Limit Price"
                  value={draft.price}
                  onChange={(price) => set({ price })}
                  error={errors.price}
                  hint={`Market ${formatPrice(quote.price, quote.currency)}`}
                />
                <ValidityNote id={`${id}-validity`} />
              </>
            ) : null}
            <section
              aria-labelledby={`${id}-calc`}
              className="rounded-lg bg-slate-50 p-3 dark:bg-slate-900/60"
            >
              <h3
                id={`${id}-calc`}
                className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-900 dark:text-white"
              >
                <Calculator aria-hidden="true" className="size-4" /> P&L calculator
              </h3>
              <PriceInput
                id={`${id}-target`}
                label={draft.side === 'BUY' ? 'If I sell later at' : 'Selling at'}
                value={target}
                onChange={setTarget}
                hint={`Leave empty to use the live price ${formatPrice(quote.price, quote.currency)}`}
              />
              <div className="mt-2 flex flex-wrap gap-1.5">
                {[-5, 5, 10].map((pct) => (
                  <button
                    key={pct}
                    type="button"
                    onClick={() =>
                      setTarget((Math.round(quote.price * (1 + pct / 100) * 100) / 100).toFixed(2))
                    }
                    className="rounded-full border border-slate-300 px-2.5 py-0.5 text-xs font-medium text-slate-700 hover:border-indigo-400 dark:border-slate-600 dark:text-slate-200"
                  >
                    {pct > 0 ? '+' : '−'}
                    {Math.abs(pct)}%
                  </button>
                ))}
              </div>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-200" aria-live="polite">
                P&L at {formatPrice(targetPrice, quote.currency)}:{' '}
                <strong
                  className={cn('tabular-nums', calculatorPnL !== null ? changeTone(calculatorPnL) : '')}
                  data-testid="calculator-pnl"
                >
                  {calculatorPnL !== null ? signed(calculatorPnL) : '—'}
                  {calculatorPnL !== null && calcBase > 0
                    ? ` (${formatPercent((calculatorPnL / calcBase) * 100)})`
                    : ''}
                </strong>
              </p>
            </section>
          </div>

          <div className="space-y-4">
            <section
              aria-labelledby={`${id}-fees`}
              className="rounded-lg border border-slate-200 p-3 dark:border-slate-700"
            >
              <h3
                id={`${id}-fees`}
                className="mb-1 flex items-center justify-between text-sm font-semibold text-slate-900 dark:text-white"
              >
                Fees & summary
                {preview.isFetching ? <Spinner size="sm" /> : null}
              </h3>
              <dl className="text-sm">
                <SummaryRow
                  label="Price"
                  value={estimate ? formatPrice(estimate.price, quote.currency) : '—'}
                />
                <SummaryRow
                  label="Trade value"
                  value={estimate ? formatPrice(estimate.tradeValue, quote.currency) : '—'}
                />
                <FeeLines fees={fees} hints={{ dpCharge: dpChargeHint(quote.exchange) }} />
                <SummaryRow
                  label="Total fees"
                  value={fees ? formatPrice(fees.total) : '—'}
                  testId="modal-fees"
                />
                <SummaryRow
                  label={draft.side === 'BUY' ? 'Total cost' : 'You receive'}
                  value={total !== undefined ? formatPrice(total) : '—'}
                  strong
                  testId="modal-total"
                />
                {estimatedPnL !== null ? (
                  <SummaryRow
                    label="Estimated P&L"
                    value={signed(estimatedPnL)}
                    tone={changeTone(estimatedPnL)}
                    testId="modal-estimated-pnl"
                  />
                ) : null}
                <SummaryRow
                  label={draft.side === 'BUY' ? 'Available cash' : 'Shares available'}
                  value={draft.side === 'BUY' ? formatPrice(availableCash) : String(availableQuantity)}
                  tone={errors.balance ? changeTone(-1) : undefined}
                />
              </dl>
              {preview.isError ? (
                <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
                  Server estimate unavailable ({errorMessage(preview.error, 'preview failed')}); figures use
                  the same fee schedule.
                </p>
              ) : null}
            </section>

            <ChargeSchedule exchange={quote.exchange} />
            <ClassTicketFields ticket={classTicket} />
            <Checkbox
              label={`I confirm this ${verb.toLowerCase()} order for ${quantity ?? '—'} ${quote.symbol} ${draft.side === 'BUY' ? 'costing' : 'for'} about ${total !== undefined ? formatPrice(total) : '—'}`}
              checked={confirmed}
              onChange={(e) => setConfirmed(e.target.checked)}
            />
            <Button
              type="submit"
              size="lg"
              variant={draft.side === 'BUY' ? 'buy' : 'sell'}
              className="w-full"
              disabled={!canPlace}
            >
              {draft.side === 'BUY' ? 'Place Buy Order' : 'Place Sell Order'}
            </Button>
            {reason ? (
              <p
                role="status"
                data-testid="modal-disabled-reason"
                className="text-center text-sm text-red-700 dark:text-red-400"
              >
                {reason}
              </p>
            ) : !confirmed ? (
              <p className="text-center text-xs text-slate-600 dark:text-slate-300">
                Tick the confirmation to place the order.
              </p>
            ) : null}
          </div>
        </form>
      )}
    </Modal>
  );
}
