import { z } from 'zod';
import { optionChainQuerySchema, optionChainSchema } from '../options/options.schema.js';
import { clientEvents, serverEvents } from './events.js';

/**
 * A live option chain (issue 28): `options:subscribe {underlying, expiry?, strikes?}` joins one
 * chain (expiry defaults to the nearest); the server sends an `option-chain` snapshot at once and
 * then each second on the same socket as quotes. One chain per socket: subscribing to another
 * replaces it. Apart from events.ts so that a page without options never loads these schemas.
 */
export const optionChainSubscriptionSchema = optionChainQuerySchema;

export const optionServerEvents = { 'option-chain': optionChainSchema } as const;
export const optionClientEvents = {
  'options:subscribe': optionChainSubscriptionSchema,
  'options:unsubscribe': z.object({}),
} as const;

/** Every event the server emits, by name, with the schema its payload parses by. */
export const allServerEvents = { ...serverEvents, ...optionServerEvents } as const;
/** Every event the server reads from a socket, by name, with the schema it validates. */
export const allClientEvents = { ...clientEvents, ...optionClientEvents } as const;
