import { useId } from 'react';
import { AlertTriangle, ShoppingCart } from 'lucide-react';
import { isTradable, VIEW_ONLY_MESSAGE, type Quote } from '@nivesh/shared';
import { SlideToConfirm } from '../../../components/ui/slide-to-confirm';
import { Stepper } from '../../../components/ui/stepper';
import { cn } from '../../../lib/cn';
import { PortfolioTag } from '../../../components/ui/portfolio-tag';
import { ViewOnlyBadge } from '../../market/components/view-only-badge';
import { formatPrice } from '../../../lib/money-format';
import { ProductChoice } from '../../account/components/product-choice';
import { ClassTicketFields } from '../../../components/class-ticket-fields';
import { readQuantity, useBuyPanel } from './use-buy-panel';

export { readQuantity, REDIRECT_AFTER_BUY_MS } from './use-buy-panel';

/** The stock page's buy panel: a market buy at the price shown, confirmed by sliding. */
export function BuyPanel({ quote }: { quote: Quote }) {
  const id = useId();
  const b = useBuyPanel(quote);
  const { text, setText, quantity, product, setProduct, cutoff, fees, total, cash, short } = b;
  const { classTicket, reason, bought } = b;

  const locked = b.busy || bought;
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
        {row('Fees & taxes', formatPrice(fees))}
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
        busy={b.busy || bought}
        disabled={reason !== null || cash === undefined}
        onConfirm={() => void b.buy()}
      />
    </section>
  );
}
