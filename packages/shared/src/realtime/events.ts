import { z } from 'zod';
import { notificationSchema } from '../notifications/notification.schema.js';
import { quoteEventSchema, quoteSubscriptionSchema } from '../market/market.schema.js';
import { alertTriggeredEventSchema } from '../alerts/alert.schema.js';
import { balanceUpdatedEventSchema, orderUpdateEventSchema } from '../trading/order.schema.js';
import { clientTabField } from './client-tab.js';
import { lazySchema } from '../lib/lazy-schema.js';
import type { optionClientEvents, optionServerEvents } from './option-events.js';

/**
 * The one map of realtime events every signed-in page listens to, and with the Options Lab's
 * (option-events.ts, kept apart so the option chain's schemas load only with /options) the events
 * the server emits and reads: only what is named there, with a payload that parses by its schema.
 */
export const serverEvents = {
  /** A new notification; `tab` names the tab whose order request caused it (see client-tab.ts). */
  notification: lazySchema(() => notificationSchema.extend({ tab: clientTabField.optional() })),
  'notification-update': lazySchema(() =>
    z.object({
      id: z.string(),
      change: z.enum(['read', 'deleted']),
      notification: notificationSchema.nullable(),
    }),
  ),
  'notifications-read-all': lazySchema(() =>
    z.object({ count: z.number().int().min(0), readAt: z.string() }),
  ),
  quote: quoteEventSchema,
  'order-update': orderUpdateEventSchema,
  'balance-updated': balanceUpdatedEventSchema,
  'alert-triggered': alertTriggeredEventSchema,
} as const;

/** Client→server events; the server validates each payload with its schema. */
export const clientEvents = {
  'quotes:subscribe': quoteSubscriptionSchema,
  'quotes:unsubscribe': quoteSubscriptionSchema,
} as const;

type AllServerEvents = typeof serverEvents & typeof optionServerEvents;
type AllClientEvents = typeof clientEvents & typeof optionClientEvents;
export type ClientEventName = keyof AllClientEvents;
export type ClientEventPayload<E extends ClientEventName> = z.infer<AllClientEvents[E]>;
/** The events of `serverEvents`: what a page's socket client validates and dispatches. */
export type PageServerEventName = keyof typeof serverEvents;
export type ServerEventName = keyof AllServerEvents;
export type ServerEventPayload<E extends ServerEventName> = z.infer<AllServerEvents[E]>;

/** Typed maps for socket.io's generics: `Server<ClientToServer, ServerToClient>`. */
export type ServerToClientEvents = { [E in ServerEventName]: (payload: ServerEventPayload<E>) => void };
export type ClientToServerEvents = {
  [E in ClientEventName]: (
    payload: ClientEventPayload<E>,
    ack?: (result: { ok: boolean; error?: string }) => void,
  ) => void;
};

export type ConnectionStatus = 'connected' | 'connecting' | 'disconnected' | 'error';

/** Retry after 1 s, then fall back to 2, 4 and 5 s, and stay at 5 s. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 4000, 5000] as const;
