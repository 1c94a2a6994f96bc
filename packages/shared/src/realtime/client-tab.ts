import { z } from 'zod';
import { lazySchema } from '../lib/lazy-schema.js';

/**
 * A browser tab names itself on the requests that change an order (place, modify, cancel), and
 * the server's announcements of that change — `order-update` and the notification — carry the
 * name back. The tab that asked has already told its user from the reply, so it does not toast
 * them again; every other tab of the user (and any change the matcher makes) still does.
 */
export const CLIENT_TAB_HEADER = 'x-nivesh-tab';
export const clientTabField = lazySchema(() => z.string().regex(/^[A-Za-z0-9-]{8,64}$/));
