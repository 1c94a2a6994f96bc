import { createContext, createElement, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { MAX_QUOTE_SUBSCRIPTIONS, type Quote, type QuoteEvent, type QuoteSubscription } from '@nivesh/shared';
import {
  useConnectionStatus,
  useRealtimeEmitter,
  useRealtimeEvent,
  useRealtimeResync,
} from '../../../lib/realtime';

/**
 * What the quote feed needs from the tab's socket: a way to send `quotes:subscribe` and
 * `quotes:unsubscribe`. It is the tab's realtime client; a `QuoteEmitterProvider` can stand in for
 * it (tests). Without either, nothing is subscribed and quotes are polled over HTTP every 30 s.
 */
export interface QuoteEmitter {
  emit(event: 'quotes:subscribe' | 'quotes:unsubscribe', payload: QuoteSubscription): void;
}

const QuoteEmitterContext = createContext<QuoteEmitter | null>(null);

export function QuoteEmitterProvider({
  emitter,
  children,
}: {
  emitter: QuoteEmitter | null;
  children: ReactNode;
}) {
  return createElement(QuoteEmitterContext.Provider, { value: emitter }, children);
}

function useQuoteEmitter(): QuoteEmitter | null {
  const override = useContext(QuoteEmitterContext);
  const realtime = useRealtimeEmitter();
  return override ?? realtime;
}

function chunks(list: string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < list.length; i += MAX_QUOTE_SUBSCRIPTIONS)
    out.push(list.slice(i, i + MAX_QUOTE_SUBSCRIPTIONS));
  return out;
}

/**
 * Several screens and cards may watch the same symbol at once; the server is told to subscribe when
 * the first one starts and to unsubscribe when the last one stops.
 */
class SubscriptionCounter {
  private readonly counts = new Map<string, number>();
  private resubscribeQueued = false;

  constructor(private readonly emitter: QuoteEmitter) {}

  add(symbols: string[]): void {
    const fresh = symbols.filter((s) => {
      const n = this.counts.get(s) ?? 0;
      this.counts.set(s, n + 1);
      return n === 0;
    });
    for (const part of chunks(fresh)) this.emitter.emit('quotes:subscribe', { symbols: part });
  }

  remove(symbols: string[]): void {
    const gone = symbols.filter((s) => {
      const n = (this.counts.get(s) ?? 0) - 1;
      if (n <= 0) this.counts.delete(s);
      else this.counts.set(s, n);
      return n <= 0;
    });
    for (const part of chunks(gone)) this.emitter.emit('quotes:unsubscribe', { symbols: part });
  }

  /** After a (re)connect the server has forgotten this socket's subscriptions; many hooks ask at once, one message goes. */
  resubscribeAll(): void {
    if (this.resubscribeQueued) return;
    this.resubscribeQueued = true;
    queueMicrotask(() => {
      this.resubscribeQueued = false;
      for (const part of chunks([...this.counts.keys()]))
        this.emitter.emit('quotes:subscribe', { symbols: part });
    });
  }
}

const counters = new WeakMap<QuoteEmitter, SubscriptionCounter>();
function counterFor(emitter: QuoteEmitter): SubscriptionCounter {
  let counter = counters.get(emitter);
  if (!counter) {
    counter = new SubscriptionCounter(emitter);
    counters.set(emitter, counter);
  }
  return counter;
}

/** True when quotes must come from HTTP polling: no emitter to subscribe with, or the socket is down. */
export function useQuotePolling(): boolean {
  const emitter = useQuoteEmitter();
  const status = useConnectionStatus();
  return !emitter || status !== 'connected';
}

/**
 * Subscribes to `symbols` for as long as the caller is mounted and returns the latest `quote` event
 * per symbol. `onEvent` sees every event for these symbols (the chart uses it to move its last candle).
 */
export function useLiveQuotes(
  symbols: readonly string[],
  onEvent?: (event: QuoteEvent) => void,
): Record<string, QuoteEvent> {
  const emitter = useQuoteEmitter();
  const status = useConnectionStatus();
  const key = [...new Set(symbols.filter(Boolean))].sort().join(',');
  const [live, setLive] = useState<Record<string, QuoteEvent>>({});
  const onEventRef = useRef(onEvent);
  useEffect(() => {
    onEventRef.current = onEvent;
  });

  useEffect(() => {
    if (!emitter || !key) return;
    const list = key.split(',');
    const counter = counterFor(emitter);
    counter.add(list);
    return () => counter.remove(list);
  }, [emitter, key]);

  useEffect(() => {
    if (emitter && status === 'connected') counterFor(emitter).resubscribeAll();
  }, [emitter, status]);

  useRealtimeResync(() => {
    if (emitter) counterFor(emitter).resubscribeAll();
  });

  useRealtimeEvent('quote', (event) => {
    if (!key.split(',').includes(event.symbol)) return;
    setLive((prev) => ({ ...prev, [event.symbol]: event }));
    onEventRef.current?.(event);
  });

  return live;
}

/** A fetched quote with a newer live tick laid over it. */
export function withLive(quote: Quote, event: QuoteEvent | undefined): Quote {
  if (!event || event.lastUpdated < quote.lastUpdated) return quote;
  return {
    ...quote,
    price: event.price,
    change: event.change,
    changePercent: event.changePercent,
    changesPercentage: event.changePercent,
    volume: event.volume,
    dayHigh: Math.max(quote.dayHigh, event.price),
    dayLow: Math.min(quote.dayLow, event.price),
    // An operating range widens and a lock starts or ends during the day: the tick says which.
    lowerCircuit: event.lowerCircuit,
    upperCircuit: event.upperCircuit,
    circuitLock: event.circuitLock,
    lastUpdated: event.lastUpdated,
  };
}
