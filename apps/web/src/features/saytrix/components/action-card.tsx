import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  DEFAULT_PRODUCT,
  PRODUCT_LABELS,
  saytrixAlertParamsSchema,
  saytrixNavigateParamsSchema,
  saytrixSearchParamsSchema,
  saytrixTradeParamsSchema,
  saytrixWatchlistParamsSchema,
  type SaytrixReply,
} from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { formatPrice } from '../../../lib/money-format';
import { ChangeCard } from './change-cards';
import { CARD_FRAME, ConfirmCard } from './confirm-card';
import type { SaytrixActionHandlers } from './saytrix-actions';

const PAGE_LABEL: Record<string, string> = {
  '/portfolio': 'Open portfolio',
  '/orders': 'Open orders',
  '/history': 'Open history',
  '/watchlist': 'Open watchlist',
  '/news': 'Open news',
};

/** A proposal from Saytrix: nothing happens until the user confirms on this card. */
export function ActionCard({
  reply,
  handlers,
  name,
}: {
  reply: SaytrixReply;
  handlers: SaytrixActionHandlers;
  name?: string;
}) {
  const navigate = useNavigate();
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const frame = CARD_FRAME;
  // What a follow-up took from the previous turn ("Quantity 5 → 10"), under the proposal.
  const context = reply.context ? (
    <p className="w-full text-xs text-slate-600 dark:text-slate-400" data-testid="saytrix-context">
      {reply.context}
    </p>
  ) : null;

  if (reply.action === 'buy_stock' || reply.action === 'sell_stock') {
    const trade = saytrixTradeParamsSchema.safeParse(reply.params);
    if (!trade.success) return null;
    const side = reply.action === 'buy_stock' ? 'BUY' : 'SELL';
    const t = trade.data;
    const how =
      t.orderType === 'LIMIT' && t.price
        ? ` · limit ${formatPrice(t.price)}`
        : t.orderType === 'STOP' && t.triggerPrice
          ? ` · stop ${formatPrice(t.triggerPrice)}`
          : ' · market';
    // The proposal's product (Delivery unless the request asked for intraday); the dialog lets the user change it.
    const product = PRODUCT_LABELS[t.product ?? DEFAULT_PRODUCT].short;
    return (
      <div className={frame} data-testid="saytrix-action-card">
        <span className="font-medium text-slate-900 dark:text-white">
          {side === 'BUY' ? 'Buy' : 'Sell'} {t.quantity ?? ''} {t.symbol}
          {how} · {product}
        </span>
        <Button
          size="sm"
          variant={side === 'BUY' ? 'buy' : 'sell'}
          disabled={!handlers.openOrder}
          onClick={() => handlers.openOrder?.({ ...t, side })}
        >
          Review order
        </Button>
        {context}
      </div>
    );
  }
  if (reply.action === 'add_watchlist') {
    const p = saytrixWatchlistParamsSchema.safeParse(reply.params);
    if (!p.success) return null;
    return (
      <ConfirmCard
        title={`Add ${name && name !== p.data.symbol ? `${name} (${p.data.symbol})` : p.data.symbol} to your watchlist`}
        context={reply.context}
        label="Add"
        run={handlers.addToWatchlist && (() => handlers.addToWatchlist!(p.data.symbol))}
      />
    );
  }
  if (reply.action === 'set_alert') {
    const p = saytrixAlertParamsSchema.safeParse(reply.params);
    if (!p.success) return null;
    const available = Boolean(handlers.setAlert);
    return (
      <div className={frame} data-testid="saytrix-action-card">
        <span className="font-medium text-slate-900 dark:text-white">
          Alert when {p.data.symbol} goes {p.data.condition} {formatPrice(p.data.price)}
        </span>
        <Button
          size="sm"
          loading={busy}
          disabled={!available || done !== null}
          title={available ? undefined : 'Price alerts are not available yet'}
          onClick={async () => {
            setBusy(true);
            try {
              await handlers.setAlert?.(p.data);
              setDone('Alert set');
            } catch {
              // The handler has told the user why; the card stays ready to try again.
            } finally {
              setBusy(false);
            }
          }}
        >
          {done ?? 'Set alert'}
        </Button>
        {context}
        {available ? null : (
          <span className="text-xs text-slate-600 dark:text-slate-400">
            Price alerts are not available yet.
          </span>
        )}
      </div>
    );
  }
  if (reply.action === 'show_portfolio') {
    return (
      <div className={frame}>
        <Button size="sm" variant="secondary" onClick={() => void navigate('/portfolio')}>
          Open portfolio
        </Button>
      </div>
    );
  }
  if (reply.action === 'search_stock') {
    const p = saytrixSearchParamsSchema.safeParse(reply.params);
    if (!p.success) return null;
    return (
      <div className={frame}>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void navigate(`/trading?search=${encodeURIComponent(p.data.query)}`)}
        >
          Search “{p.data.query}”
        </Button>
      </div>
    );
  }
  if (reply.action === 'navigate' && reply.intent !== 'navigate' && reply.intent !== 'chart') {
    const p = saytrixNavigateParamsSchema.safeParse(reply.params);
    if (!p.success) return null;
    const base = p.data.path.split('?')[0]!;
    return (
      <div className={frame}>
        <Button size="sm" variant="secondary" onClick={() => void navigate(p.data.path)}>
          {PAGE_LABEL[base] ?? 'Open'}
        </Button>
      </div>
    );
  }
  return <ChangeCard reply={reply} handlers={handlers} />;
}
