import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PRODUCT, productSchema, type OrderSide, type Product } from '@nivesh/shared';
import { useAccount } from '../../account/api/account-api';
import { useLiveFigures } from '../../account/api/use-live-figures';
import { symbolPositions } from '../../account/lib/positions';
import { useQuote } from '../../market/api/market-api';
import { useLiveQuotes, withLive } from '../../market/api/use-live-quotes';
import { MarketStatusBadge } from '../../market/components/market-status-badge';
import { EnhancedOrderModal } from './enhanced-order-modal';
import { OrderPanel } from './order-panel';
import { RecentOrders } from './recent-orders';
import { StockList, type WatchlistControls } from './stock-list';
import { TradingStats } from './trading-stats';
import { PortfolioTag } from '../../../components/ui/portfolio-tag';
import { useInstance } from '../../../lib/instance';

function sideParam(value: string | null): OrderSide {
  return value?.toUpperCase() === 'SELL' ? 'SELL' : 'BUY';
}

/** A link's `product` (a holding row's Buy): anything else opens on the default. */
function productParam(value: string | null): Product | undefined {
  const parsed = productSchema.safeParse(value?.toUpperCase());
  return parsed.success ? parsed.data : undefined;
}

/** /trading?symbol=&type=buy|sell&product=CNC|MIS&search=: links from other pages open a ticket this way. */
export function TradingScreen({ watchlist }: { watchlist?: WatchlistControls }) {
  const { virtualCashLabel } = useInstance();
  const [params, setParams] = useSearchParams();
  const symbol = params.get('symbol')?.trim().toUpperCase() || null;
  const [side, setSide] = useState<OrderSide>(() => sideParam(params.get('type')));
  const [search, setSearch] = useState(() => params.get('search') ?? '');
  const [initialProduct] = useState(() => productParam(params.get('product')));
  const [modal, setModal] = useState<{ symbol: string; side: OrderSide; product: Product } | null>(null);

  const account = useAccount();
  const figures = useLiveFigures();
  const summary = figures.summary;
  const positions = useMemo(() => summary.data?.positions ?? [], [summary.data]);
  const quote = useQuote(symbol ?? '');
  const modalQuote = useQuote(modal?.symbol ?? '');
  const live = useLiveQuotes([
    ...positions.map((p) => p.symbol),
    ...(symbol ? [symbol] : []),
    ...(modal ? [modal.symbol] : []),
  ]);

  // The server's count: shares held minus those its resting sells reserve, per product.
  const held = new Set(positions.filter((p) => p.sellableQuantity > 0).map((p) => p.symbol));
  const availableCash = account.data?.availableCash ?? summary.data?.availableCash ?? 0;

  const panelRef = useRef<HTMLDivElement>(null);
  const [scrollTo, setScrollTo] = useState(0);
  // On a phone the panel sits below the list: a tapped stock brings its order form into view.
  useEffect(() => {
    if (scrollTo === 0 || !panelRef.current) return;
    const media = (query: string) =>
      typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
    if (media('(min-width: 1024px)')) return;
    panelRef.current.scrollIntoView?.({
      block: 'start',
      behavior: media('(prefers-reduced-motion: reduce)') ? 'auto' : 'smooth',
    });
  }, [scrollTo]);

  const pick = (next: string, chosen?: boolean) => {
    select(next);
    if (chosen) setScrollTo((n) => n + 1);
  };
  const select = (next: string) => {
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.set('symbol', next);
        return p;
      },
      { replace: true },
    );
  };
  const openOrder = (s: string, orderSide: OrderSide) => {
    select(s);
    setModal({ symbol: s, side: orderSide, product: initialProduct ?? DEFAULT_PRODUCT });
  };

  const selectedQuote = quote.data ? withLive(quote.data, live[quote.data.symbol]) : undefined;
  const modalLive = modalQuote.data ? withLive(modalQuote.data, live[modalQuote.data.symbol]) : undefined;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Trading</h1>
          <PortfolioTag />
          <p className="mt-1 text-slate-600 dark:text-slate-300">
            Buy and sell on the simulated market with your {virtualCashLabel}
          </p>
        </div>
        <MarketStatusBadge exchange="NSE" />
      </div>

      <TradingStats figures={figures.figures} loading={summary.isPending} />

      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,1fr)_380px]">
        <StockList
          search={search}
          onSearchChange={setSearch}
          selected={symbol}
          onSelect={pick}
          onOrder={openOrder}
          held={held}
          watchlist={watchlist}
        />
        <div ref={panelRef} className="scroll-mt-20 lg:sticky lg:top-20" data-testid="order-panel">
          {symbol && quote.isError ? (
            <p
              role="alert"
              className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
            >
              {symbol}: Stock not found
            </p>
          ) : null}
          <OrderPanel
            key={selectedQuote?.symbol ?? 'none'}
            quote={selectedQuote}
            side={side}
            onSideChange={setSide}
            availableCash={availableCash}
            availableQuantity={symbolPositions(positions, selectedQuote?.symbol ?? null).sellable}
            initialProduct={initialProduct}
            onEnhancedOrder={(product) =>
              selectedQuote && setModal({ symbol: selectedQuote.symbol, side, product })
            }
          />
        </div>
      </div>

      <RecentOrders />

      {modal && modalLive ? (
        <EnhancedOrderModal
          open
          onClose={() => setModal(null)}
          quote={modalLive}
          initialSide={modal.side}
          availableCash={availableCash}
          availableQuantity={symbolPositions(positions, modal.symbol).sellable}
          avgPrice={symbolPositions(positions, modal.symbol).avgPrice}
          initialDraft={{ product: modal.product }}
        />
      ) : null}
    </div>
  );
}
