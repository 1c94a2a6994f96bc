import { useRef, useState } from 'react';
import type { Replay } from '@nivesh/shared';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { usePlaceReplayOrder } from '../api/replay-trading-api';
import {
  EMPTY_DRAFT,
  orderOutcome,
  ticketBlockedReason,
  toOrderRequest,
  type OrderOutcome,
  type TicketDraft,
} from '../lib/replay-ticket';

/** A refusal (4xx) settles a submission; a lost answer (network, 5xx) may have placed it, so a retry keeps its id. */
const settles = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * The replay's order ticket: the draft, the order it makes, and what the server answered. A
 * submission carries a fresh clientOrderId; a retry of the same unanswered submission reuses it.
 */
export function useReplayTradeTicket(replay: Replay, symbol: string) {
  const [draft, setDraft] = useState<TicketDraft>(EMPTY_DRAFT);
  const [outcome, setOutcome] = useState<OrderOutcome | null>(null);
  const place = usePlaceReplayOrder(replay.id);
  const unanswered = useRef<{ key: string; id: string } | null>(null);
  const blocked = ticketBlockedReason(replay);

  const set = (patch: Partial<TicketDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setOutcome(null);
  };

  const submit = async () => {
    if (blocked || !replay.portfolioId) return;
    if (!symbol) {
      setOutcome({ ok: false, text: 'Pick a stock first: click a row of the market panel or search.' });
      return;
    }
    const made = toOrderRequest(symbol, draft);
    if ('error' in made) {
      setOutcome({ ok: false, text: made.error });
      return;
    }
    const key = JSON.stringify(made.request);
    const id = unanswered.current?.key === key ? unanswered.current.id : crypto.randomUUID();
    unanswered.current = { key, id };
    setOutcome(null);
    try {
      const res = await place.mutateAsync({
        ...made.request,
        clientOrderId: id,
        portfolioId: replay.portfolioId,
      });
      unanswered.current = null;
      setOutcome(orderOutcome(res.data.order));
    } catch (error) {
      if (settles(error)) unanswered.current = null;
      setOutcome({ ok: false, text: errorMessage(error, 'The order was not placed') });
    }
  };

  return { draft, set, submit, outcome, pending: place.isPending, blocked };
}
