import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { CheckCircle2, Minus, Plus } from 'lucide-react';
import {
  checkOrder,
  formatInr,
  isTradable,
  rupeesToPaise,
  VIEW_ONLY_MESSAGE,
  describeFill,
  DEFAULT_PRODUCT,
  type Order,
  type Product,
  type SearchResult,
} from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { SlideToConfirm } from '../../../components/ui/slide-to-confirm';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { notify } from '../../../lib/notify';
import { useAccount, useVirtualTrade } from '../../account/api/account-api';
import { useActivePortfolio } from '../../../lib/active-portfolio';
import { useOrderAttempt } from '../../account/api/use-order-attempt';
import { useMovers, useQuote } from '../../market/api/market-api';
import { useLiveQuotes, withLive } from '../../market/api/use-live-quotes';
import { PriceChange } from '../../market/components/price-change';
import { ViewOnlyBadge } from '../../market/components/view-only-badge';
import { formatPrice } from '../../../lib/money-format';
import { StockSearchBox } from '../../market/components/stock-search-box';
import { estimateBuy, readQuantity } from '../lib/quick-buy';
import { plural } from '../../../lib/plural';
import { useIntradayCutoff } from '../../account/api/use-intraday-cutoff';
import { ProductChoice } from '../../account/components/product-choice';
import { usableProduct } from '../../account/lib/intraday-cutoff';
import { ticketSchedule } from '../../account/lib/ticket-charges';
import { useInstance } from '../../../lib/instance';
import { ClassTicketFields } from '../../../components/class-ticket-fields';
import { useClassTicket } from '../../../lib/use-class-ticket';
import { SimulatedBadge } from '../../../components/ui/simulated-badge';

/** After a quick buy the success state shows for 1.5 s before /portfolio. */
export const QUICK_BUY_SUCCESS_MS = 1_500;

export interface QuickBuyModalProps {
  open: boolean;
  onClose: () => void;
  /** A stock chosen before opening (a top mover's Buy button). */
  initialSymbol?: string | null;
}

export function QuickBuyModal({ open, onClose, initialSymbol }: QuickBuyModalProps) {
  const { virtualCashLabel } = useInstance();
  const { label } = useActivePortfolio();
  return (
    <Modal
      open={open}
      title="Quick Buy"
      onClose={onClose}
      description={`Buy at the market price with your ${virtualCashLabel} · ${label}`}
    >
      {open ? (
        <QuickBuyBody key={initialSymbol ?? ''} initialSymbol={initialSymbol ?? null} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function QuickBuyBody({ initialSymbol, onClose }: { initialSymbol: string | null; onClose: () => void }) {
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
  const estimate = q ? estimateBuy(q.price, quantity, cash, schedule) : null;
  // The same rules the server applies: a refused buy is disabled with its reason, never attempted.
  const check = q
    ? checkOrder({
        side: 'BUY',
        orderType: 'MARKET',
        quantity,
        price: null,
        instrument: q,
        marketPrice: q.price,
        funds: account.data ? { availableCashPaise: rupeesToPaise(cash), availableQuantity: 0 } : undefined,
        schedule,
      })
    : null;
  const insufficient = Boolean(check && !check.ok && check.code === 'INSUFFICIENT_FUNDS');
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

  if (done && q) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
        <CheckCircle2 aria-hidden="true" className="size-12 text-emerald-600" />
        <p className="text-lg font-semibold text-slate-900 dark:text-white">
          {describeFill({
            side: 'BUY',
            quantity: done.quantity,
            symbol: done.symbol,
            price: done.executionPrice ?? q.price,
          })}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-300">Taking you to your portfolio...</p>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <StockSearchBox
        label="Search a stock to buy"
        placeholder="Search stocks to buy..."
        onSelect={(r: SearchResult) => pick(r.symbol)}
        limit={6}
      />
      {movers.data && movers.data.length > 0 ? (
        <div>
          <p className="mb-1.5 text-xs font-medium text-slate-600 dark:text-slate-300">Top gainers today</p>
          <div className="flex flex-wrap gap-1.5" role="group" aria-label="Pick a top gainer">
            {movers.data.map((m) => (
              <button
                key={m.symbol}
                type="button"
                aria-pressed={symbol === m.symbol}
                onClick={() => pick(m.symbol)}
                className={cn(
                  'rounded-full border px-2.5 py-1 text-xs font-medium',
                  symbol === m.symbol
                    ? 'border-indigo-600 bg-indigo-600 text-white'
                    : 'border-slate-300 text-slate-700 hover:border-indigo-400 dark:border-slate-600 dark:text-slate-200',
                )}
              >
                {m.symbol}
              </button>
            ))}
          </div>
        </div>
      ) : null}

      {!symbol ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300">
          Please select a stock
        </p>
      ) : quote.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <Spinner size="sm" /> Loading {symbol}...
        </p>
      ) : quote.isError || !q ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(quote.error, 'Failed to fetch stock quote')}
        </p>
      ) : viewOnly ? (
        <div
          className="space-y-2 rounded-lg bg-slate-50 p-3 dark:bg-slate-900/60"
          data-testid="quick-buy-view-only"
        >
          <div className="flex items-center justify-between gap-3">
            <p className="font-semibold text-slate-900 dark:text-white">{q.symbol}</p>
            <p className="font-semibold tabular-nums text-slate-900 dark:text-white">
              {formatPrice(q.price, q.currency)}
            </p>
          </div>
          <ViewOnlyBadge instrument={q} />
          <p className="text-sm text-slate-700 dark:text-slate-200">{VIEW_ONLY_MESSAGE}.</p>
        </div>
      ) : (
        <>
          <div className="flex items-start justify-between gap-3 rounded-lg bg-slate-50 p-3 dark:bg-slate-900/60">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900 dark:text-white">{q.symbol}</p>
              <p className="truncate text-xs text-slate-600 dark:text-slate-300">{q.name}</p>
            </div>
            <div className="text-right">
              <p
                className="font-semibold tabular-nums text-slate-900 dark:text-white"
                data-testid="quick-buy-price"
              >
                {formatInr(q.price)}
              </p>
              <PriceChange change={q.change} percent={q.changePercent} className="text-xs" />
              <SimulatedBadge className="mt-1" />
            </div>
          </div>

          <div className="flex items-center justify-between gap-3">
            <label htmlFor="quick-buy-qty" className="text-sm font-medium text-slate-800 dark:text-slate-200">
              Quantity
            </label>
            <div className="flex items-center gap-1.5">
              <Button
                variant="secondary"
                size="sm"
                className="px-2!"
                aria-label="Decrease quantity"
                disabled={quantity <= 1}
                onClick={() => setQtyText(String(Math.max(1, quantity - 1)))}
              >
                <Minus aria-hidden="true" className="size-4" />
              </Button>
              <input
                id="quick-buy-qty"
                inputMode="numeric"
                value={qtyText}
                onChange={(e) => setQtyText(e.target.value.replace(/\D/g, ''))}
                onBlur={() => setQtyText(String(quantity))}
                className={cn(inputClass, 'w-20! text-center tabular-nums')}
              />
              <Button
                variant="secondary"
                size="sm"
                className="px-2!"
                aria-label="Increase quantity"
                onClick={() => setQtyText(String(quantity + 1))}
              >
                <Plus aria-hidden="true" className="size-4" />
              </Button>
            </div>
          </div>

          <ProductChoice value={product} onChange={setProduct} cutoff={cutoff} />

          <dl className="space-y-1.5 text-sm" aria-label="Order summary">
            {[
              ['Price per share', formatInr(q.price)],
              ['Quantity', String(quantity)],
              ['Trade value', formatInr(estimate!.tradeValue)],
              ['Fees (est.)', formatInr(estimate!.fees)],
            ].map(([k, v]) => (
              <div key={k} className="flex justify-between gap-3">
                <dt className="text-slate-600 dark:text-slate-300">{k}</dt>
                <dd className="tabular-nums text-slate-900 dark:text-slate-100">{v}</dd>
              </div>
            ))}
            <div className="flex justify-between gap-3 border-t border-slate-200 pt-1.5 font-semibold dark:border-slate-700">
              <dt className="text-slate-900 dark:text-white">Total cost</dt>
              <dd className="tabular-nums text-slate-900 dark:text-white" data-testid="quick-buy-total">
                {formatInr(estimate!.total)}
              </dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-slate-600 dark:text-slate-300">Available cash</dt>
              <dd
                className={cn(
                  'tabular-nums',
                  insufficient
                    ? 'font-semibold text-red-700 dark:text-red-400'
                    : 'text-slate-900 dark:text-slate-100',
                )}
              >
                {account.data ? formatInr(cash) : '—'}
              </dd>
            </div>
          </dl>

          <ClassTicketFields ticket={classTicket} />

          <SlideToConfirm
            label="Slide to Buy"
            releaseLabel="Release to Buy!"
            busyLabel="Processing..."
            busy={trade.isPending}
            disabled={reason !== null || !account.data}
            onConfirm={buy}
          />
          {reason && !trade.isPending ? (
            <p
              role="alert"
              data-testid="quick-buy-disabled-reason"
              className="rounded-lg bg-red-50 p-2.5 text-sm font-medium text-red-800 dark:bg-red-950 dark:text-red-300"
            >
              {reason}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
