import type { z } from 'zod';
import {
  PRODUCT_LABELS,
  DEFAULT_PRODUCT,
  saytrixCancelOrderParamsSchema,
  saytrixCreateGttParamsSchema,
  saytrixDeleteAlertParamsSchema,
  saytrixDeleteGttParamsSchema,
  saytrixJournalNoteParamsSchema,
  saytrixModifyAlertParamsSchema,
  saytrixModifyGttParamsSchema,
  saytrixModifyOrderParamsSchema,
  saytrixRemoveWatchlistParamsSchema,
  type SaytrixAction,
  type SaytrixReply,
} from '@nivesh/shared';
import { formatPrice } from '../../../lib/money-format';
import { ConfirmCard } from './confirm-card';
import type { SaytrixActionHandlers } from './saytrix-actions';

/** What a card says will happen, its button, and the call it makes once confirmed. */
interface Card {
  title: string;
  changes?: string[];
  label: string;
  danger?: boolean;
  run: (() => Promise<string>) | undefined;
}
type Describe = (params: unknown, h: SaytrixActionHandlers) => Card | null;

/** A card for params that parse with the action's schema; none for params that do not. */
const card =
  <S extends z.ZodType>(schema: S, describe: (p: z.infer<S>, h: SaytrixActionHandlers) => Card): Describe =>
  (params, h) => {
    const p = schema.safeParse(params);
    return p.success ? describe(p.data, h) : null;
  };

const side = (s: 'BUY' | 'SELL') => (s === 'BUY' ? 'buy' : 'sell');
const shares = (n: number) => `${n} ${n === 1 ? 'share' : 'shares'}`;
const price = (v: number | undefined) => (v === undefined ? undefined : formatPrice(v));
/** "Price ₹1,400.00 → ₹1,390.00" when the value changes; nothing when it stays. */
const fromTo = (label: string, a: string | undefined, b: string | undefined) =>
  b !== undefined && a !== b ? [`${label} ${a ?? '—'} → ${b}`] : [];

const CARDS: Partial<Record<SaytrixAction, Describe>> = {
  cancel_order: card(saytrixCancelOrderParamsSchema, (o, h) => ({
    title: `Cancel your pending ${side(o.side)} order: ${shares(o.quantity)} of ${o.symbol}`,
    label: 'Cancel order',
    danger: true,
    run: h.cancelOrder && (() => h.cancelOrder!(o)),
  })),
  modify_order: card(saytrixModifyOrderParamsSchema, (o, h) => ({
    title: `Change your pending ${side(o.side)} order for ${o.symbol}`,
    changes: [
      ...fromTo('Quantity', String(o.from.quantity), o.quantity?.toString()),
      ...fromTo('Price', price(o.from.price), price(o.price)),
      ...fromTo('Trigger', price(o.from.triggerPrice), price(o.triggerPrice)),
    ],
    label: 'Modify order',
    run: h.modifyOrder && (() => h.modifyOrder!(o)),
  })),
  remove_watchlist: card(saytrixRemoveWatchlistParamsSchema, (w, h) => ({
    title: `Remove ${w.symbol} from your watchlist`,
    label: 'Remove',
    danger: true,
    run: h.removeFromWatchlist && (() => h.removeFromWatchlist!(w)),
  })),
  modify_alert: card(saytrixModifyAlertParamsSchema, (a, h) => ({
    title: `Change your alert on ${a.symbol}`,
    changes: [`${a.from.condition} ${formatPrice(a.from.price)} → ${a.condition} ${formatPrice(a.price)}`],
    label: 'Update alert',
    run: h.modifyAlert && (() => h.modifyAlert!(a)),
  })),
  delete_alert: card(saytrixDeleteAlertParamsSchema, (a, h) => ({
    title: `Delete your alert: ${a.symbol} ${a.condition} ${formatPrice(a.price)}`,
    label: 'Delete alert',
    danger: true,
    run: h.deleteAlert && (() => h.deleteAlert!(a)),
  })),
  create_gtt: card(saytrixCreateGttParamsSchema, (g, h) => ({
    title: `GTT: ${side(g.side)} ${shares(g.quantity)} of ${g.symbol} when the price reaches ${formatPrice(g.triggerPrice)}`,
    changes: [`Limit ${formatPrice(g.limitPrice)} · ${PRODUCT_LABELS[g.product ?? DEFAULT_PRODUCT].short}`],
    label: 'Create GTT',
    run: h.createGtt && (() => h.createGtt!(g)),
  })),
  modify_gtt: card(saytrixModifyGttParamsSchema, (g, h) => ({
    title: `Change your GTT to ${side(g.side)} ${g.symbol}`,
    changes: [
      ...fromTo('Quantity', String(g.from.quantity), String(g.quantity)),
      ...fromTo('Trigger', price(g.from.triggerPrice), price(g.triggerPrice)),
      ...fromTo('Limit', price(g.from.limitPrice), price(g.limitPrice)),
    ],
    label: 'Modify GTT',
    run: h.modifyGtt && (() => h.modifyGtt!(g)),
  })),
  delete_gtt: card(saytrixDeleteGttParamsSchema, (g, h) => ({
    title: `Delete your GTT to ${side(g.side)} ${shares(g.quantity)} of ${g.symbol}`,
    label: 'Delete GTT',
    danger: true,
    run: h.deleteGtt && (() => h.deleteGtt!(g)),
  })),
  add_journal_note: card(saytrixJournalNoteParamsSchema, (n, h) => ({
    title: `Add a journal note to your ${side(n.side)} of ${shares(n.quantity)} of ${n.symbol} at ${formatPrice(n.price)}`,
    changes: [`Note: “${n.note}”`],
    label: 'Add note',
    run: h.addJournalNote && (() => h.addJournalNote!(n)),
  })),
};

/**
 * The cards of the changing actions (cancel, modify, remove, delete, GTT create/modify/delete, journal note): each says
 * what will happen; null when the action is not one of them or its params do not parse.
 */
export function ChangeCard({ reply, handlers }: { reply: SaytrixReply; handlers: SaytrixActionHandlers }) {
  const c = reply.action ? CARDS[reply.action]?.(reply.params, handlers) : null;
  if (!c) return null;
  return (
    <ConfirmCard
      title={c.title}
      changes={c.changes}
      context={reply.context}
      label={c.label}
      variant={c.danger ? 'danger' : 'primary'}
      run={c.run}
    />
  );
}
