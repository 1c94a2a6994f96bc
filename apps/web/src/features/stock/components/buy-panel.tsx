import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { AlertTriangle, ShoppingCart } from 'lucide-react';
import {
  checkOrder,
  computeFees,
  DEFAULT_PRODUCT,
  isTradable,
  paiseToRupees,
  rupeesToPaise,
  VIEW_ONLY_MESSAGE,
  type Product,
  type Quote,
} from '@nivesh/shared';
import { SlideToConfirm } from '../../../components/ui/slide-to-confirm';
import { Stepper } from '../../../components/ui/stepper';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { notify } from '../../../lib/notify';
import { useAccount, useVirtualTrade } from '../../account/api/account-api';
import { PortfolioTag } from '../../../components/ui/portfolio-tag';
import { useOrderAttempt } from '../../account/api/use-order-attempt';
import { ViewOnlyBadge } from '../../market/components/view-only-badge';
import { formatPrice } from '../../../lib/money-format';
import { plural } from '../../../lib/plural';
import { useIntradayCutoff } from '../../account/api/use-intraday-cutoff';
import { ProductChoice } from '../../account/components/product-choice';
import { usableProduct } from '../../account/lib/intraday-cutoff';
import { ticketSchedule } from '../../account/lib/ticket-charges';
import { ClassTicketFields } from '../../../components/class-ticket-fields';
import { useClassTicket } from '../../../lib/use-class-ticket';

/** After a successful buy the page moves to /portfolio 1.5 s later. */
export const REDIRECT_AFTER_BUY_MS = 1500;

/** The quantity: at least 1; anything that is not a whole number reads as 1. */
export function readQuantity(text: string): number {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

/** The stock page's buy panel: a market buy at the price shown, confirmed by sliding. */
export function BuyPanel({ quote }: { quote: Quote }) {
  const id = useId();
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

  const value = rupeesToPaise(quote.price) * BigInt(quantity);
  const fees = computeFees('BUY', value, schedule).total;
  const total = paiseToRupees(value + fees);
  const cash = account.data?.availableCash;
  // The server's own rules, so a buy it would refuse is disabled with its reason.
  const check = checkOrder({
    side: 'BUY',
    orderType: 'MARKET',
    quantity,
    price: null,
    instrument: quote,
    marketPrice: quote.price,
    circuit: quote,
    funds: cash !== undefined ? { availableCashPaise: rupeesToPaise(cash), availableQuantity: 0 } : undefined,
    schedule,
  });
  const short = !check.ok && check.code === 'INSUFFICIENT_FUNDS';
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

  const locked = trade.isPending || bought;
  const row = (label: string, content: string, tone?: string, testId?: string) => (
    <div className="flex items-center justify-between gap-2 py-1">
      <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
      <dd
        className={cn('text-sm font-medium tabular-nums', tone ?? 'text-slate-900 dark:text-white')}
        data-testid={testId}
      >
        {content}
      </dd>
    </div>
  );

  if (!isTradable(quote)) {
    return (
      <section aria-labelledby={`${id}-title`} data-testid="buy-view-only">
        <h2 id={`${id}-title`} className="mb-3 text-lg font-semibold text-slate-900 dark:text-slate-50">
          {quote.symbol} · {formatPrice(quote.price, quote.currency)}
        </h2>
        <ViewOnlyBadge instrument={quote} />
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">{VIEW_ONLY_MESSAGE}.</p>
      </section>
    );
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2
        id={`${id}-title`}
        className="mb-4 flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-slate-50"
      >
        <ShoppingCart aria-hidden="true" className="size-5 text-emerald-700 dark:text-emerald-400" /> Buy{' '}
        {quote.symbol}
      </h2>
      <div className="-mt-3 mb-3">
        <PortfolioTag />
      </div>
      <label
        htmlFor={`${id}-qty`}
        className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200"
      >
        Quantity
      </label>
      <Stepper
        id={`${id}-qty`}
        type="number"
        min={1}
        step={1}
        inputMode="numeric"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => setText(String(readQuantity(text)))}
        canDecrease={quantity > 1 && !locked}
        canIncrease={!locked}
        onDecrease={() => setText(String(Math.max(1, quantity - 1)))}
        onIncrease={() => setText(String(quantity + 1))}
      />

      <ProductChoice className="mt-3" value={product} onChange={setProduct} cutoff={cutoff} />
      <dl className="mt-3 divide-y divide-slate-100 dark:divide-slate-700" aria-label="Order summary">
        {row('Price per share', formatPrice(quote.price, quote.currency))}
        {row('Quantity', String(quantity), undefined, 'buy-quantity')}
        {row('Fees & taxes', formatPrice(paiseToRupees(fees)))}
        {row('Total cost', formatPrice(total), 'font-semibold text-slate-900 dark:text-white', 'buy-total')}
        {row(
          'Available cash',
          cash !== undefined ? formatPrice(cash) : '…',
          short ? 'text-red-700 dark:text-red-400' : undefined,
          'buy-available-cash',
        )}
      </dl>
      {classTicket.cls ? (
        <div className="mt-3">
          <ClassTicketFields ticket={classTicket} />
        </div>
      ) : null}
      {reason ? (
        <p
          role="alert"
          className="mt-2 flex items-center gap-2 text-sm font-medium text-red-700 dark:text-red-400"
          data-testid="buy-disabled-reason"
        >
          <AlertTriangle aria-hidden="true" className="size-4 shrink-0" /> {reason}
        </p>
      ) : null}
      <SlideToConfirm
        className="mt-4"
        label="Slide to Buy"
        releaseLabel="Release to Buy!"
        busyLabel="Processing..."
        busy={trade.isPending || bought}
        disabled={reason !== null || cash === undefined}
        onConfirm={() => void buy()}
      />
    </section>
  );
}
