import { z } from 'zod';
import { notificationSchema } from '../notifications/notification.schema.js';
import { quoteEventSchema, quoteSubscriptionSchema } from '../market/market.schema.js';
import { alertTriggeredEventSchema } from '../alerts/alert.schema.js';
import { balanceUpdatedEventSchema, orderUpdateEventSchema } from '../trading/order.schema.js';
import { clientTabField } from './client-tab.js';
import { optionChainQuerySchema, optionChainSchema } from '../options/options.schema.js';

/**
 * A live option chain (issue 28): `options:subscribe {underlying, expiry?, strikes?}` joins one
 * chain (expiry defaults to the nearest); the server sends an `option-chain` snapshot at once and
 * then each second on the same socket as quotes. One chain per socket: subscribing to another
 * replaces it.
 */
export const optionChainSubscriptionSchema = optionChainQuerySchema;

/**
 * The one map of realtime events. The server emits only what is named here, with a payload that
 * parses by its schema; the client listens with the same names and types.
 */
export const serverEvents = {
  /** A new notification; `tab` names the tab whose order request caused it (see client-tab.ts). */
  notification: notificationSchema.extend({ tab: clientTabField.optional() }),
  'notification-update': z.object({
    id: z.string(),
    change: z.enum(['read', 'deleted']),
    notification: notificationSchema.nullable(),
  }),
  'notifications-read-all': z.object({ count: z.number().int().min(0), readAt: z.string() }),
  quote: quoteEventSchema,
  'order-update': orderUpdateEventSchema,
  'balance-updated': balanceUpdatedEventSchema,
  'alert-triggered': alertTriggeredEventSchema,
  'option-chain': optionChainSchema,
} as const;

/** Client→server events; the server validates each payload with its schema. */
export const clientEvents = {
  'quotes:subscribe': quoteSubscriptionSchema,
  'quotes:unsubscribe': quoteSubscriptionSchema,
  'options:subscribe': optionChainSubscriptionSchema,
  'options:unsubscribe': z.object({}),
} as const;
export type ClientEventName = keyof typeof clientEvents;

export type ServerEventName = keyof typeof serverEvents;
export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof serverEvents)[E]>;

/** Typed maps for socket.io's generics: `Server<ClientToServer, ServerToClient>`. */
export type ServerToClientEvents = { [E in ServerEventName]: (payload: ServerEventPayload<E>) => void };
export type ClientToServerEvents = {
  [E in ClientEventName]: (
    payload: z.infer<(typeof clientEvents)[E]>,
    ack?: (result: { ok: boolean; error?: string }) => void,
  ) => void;
};

export type ConnectionStatus = 'connected' | 'connecting' | 'disconnected' | 'error';

/** Retry after 1 s, then fall back to 2, 4 and 5 s, and stay at 5 s. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 4000, 5000] as const;
