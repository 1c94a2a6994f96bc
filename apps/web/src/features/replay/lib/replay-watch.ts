import {
  QUANTITY_MESSAGE,
  type Alert,
  type AlertCondition,
  type Gtt,
  type OrderSide,
  type Replay,
} from '@nivesh/shared';
import { formatPrice } from '../../../lib/money-format';
import { replayClockLabel } from './replay-time';

export type WatchKind = 'alert' | 'gtt';

export interface WatchDraft {
  kind: WatchKind;
  condition: Extract<AlertCondition, 'above' | 'below'>;
  value: string;
  side: OrderSide;
  quantity: string;
  triggerPrice: string;
  limitPrice: string;
}

export const EMPTY_WATCH_DRAFT: WatchDraft = {
  kind: 'alert',
  condition: 'below',
  value: '',
  side: 'BUY',
  quantity: '1',
  triggerPrice: '',
  limitPrice: '',
};

/** Why alerts and GTTs cannot be set in this replay now (null: they can). */
export function watchBlockedReason(replay: Pick<Replay, 'status' | 'portfolioId'>): string | null {
  if (replay.status === 'finished') return 'This replay is finished: its alerts and GTTs have ended.';
  if (replay.portfolioId === null)
    return 'This replay was started before replays had their own portfolio. Start a new replay to set alerts and GTTs.';
  return null;
}

const positive = (text: string) => {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(n) && n > 0 ? n : null;
};

type Made<T> = { request: T } | { error: string };

/** The alert the draft asks for, or the first thing wrong with it. */
export function toAlertRequest(
  symbol: string,
  d: WatchDraft,
): Made<{ symbol: string; condition: WatchDraft['condition']; value: number }> {
  const value = positive(d.value);
  if (value === null) return { error: 'Enter the price the alert watches for' };
  return { request: { symbol, condition: d.condition, value } };
}

/** The single-leg GTT the draft asks for, or the first thing wrong with it (the server checks the rest). */
export function toGttRequest(
  symbol: string,
  d: WatchDraft,
): Made<{
  symbol: string;
  kind: 'single';
  side: OrderSide;
  quantity: number;
  legs: [{ triggerPrice: number; limitPrice: number }];
}> {
  const quantity = Number(d.quantity.trim());
  if (!Number.isInteger(quantity) || quantity < 1) return { error: QUANTITY_MESSAGE };
  const triggerPrice = positive(d.triggerPrice);
  if (triggerPrice === null) return { error: 'Enter the trigger price' };
  const limitPrice = positive(d.limitPrice);
  if (limitPrice === null) return { error: 'Enter the limit price' };
  return {
    request: { symbol, kind: 'single', side: d.side, quantity, legs: [{ triggerPrice, limitPrice }] },
  };
}

/** A replay time (fired, set) as the replay's clock shows it: a blind replay's weekday and time only. */
export function replayTimeLabel(iso: string, calendar: Replay['calendar']): string {
  return replayClockLabel({ clock: iso, calendar });
}

const CONDITION_WORD: Record<AlertCondition, string> = {
  above: 'at or above',
  below: 'at or below',
  crosses_up: 'crosses up through',
  crosses_down: 'crosses down through',
};

/** "RELIANCE at or below ₹440.00" */
export function describeReplayAlert(a: Pick<Alert, 'symbol' | 'condition' | 'value'>): string {
  return `${a.symbol} ${CONDITION_WORD[a.condition]} ${formatPrice(a.value)}`;
}

/** "Buy 2 RELIANCE: trigger ₹440.00 → limit ₹442.00" (OCO: both legs). */
export function describeReplayGtt(g: Pick<Gtt, 'side' | 'quantity' | 'symbol' | 'legs'>): string {
  const side = g.side === 'BUY' ? 'Buy' : 'Sell';
  const legs = g.legs
    .map((l) => `trigger ${formatPrice(l.triggerPrice)} → limit ${formatPrice(l.limitPrice)}`)
    .join(' · ');
  return `${side} ${g.quantity} ${g.symbol}: ${legs}`;
}
