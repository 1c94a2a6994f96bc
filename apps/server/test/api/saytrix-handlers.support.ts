import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Order, SaytrixReply } from '@nivesh/shared';
import { resolveMarketSeed } from '../../src/modules/market/market-seed.js';
import type { Parsed, SaytrixContext } from '../../src/modules/saytrix/saytrix.parsed.js';
import type { SaytrixService } from '../../src/modules/saytrix/saytrix.service.js';
import { createServices, type AppServices } from '../../src/services.js';
import { memoryMailer, signUp, testConfig, type TestContext } from '../support/test-app.js';

export { describeEachDb, signUp } from '../support/test-app.js';

export type User = Awaited<ReturnType<typeof signUp>>;

/** A frozen market clock: the handlers and the app's endpoints read the same moment. */
export const NOW = Date.UTC(2026, 10, 23, 6, 0, 0);

/**
 * The handlers are reached with hand-built `Parsed` objects (the grammar producing the new
 * intents is built in parallel), through a second set of the app's services on the same database,
 * seed and clock: the same code paths the chat route uses, without the grammar in front.
 */
const built = new WeakMap<TestContext, AppServices>();
export async function servicesOf(ctx: TestContext): Promise<AppServices> {
  const cached = built.get(ctx);
  if (cached) return cached;
  const db = ctx.database.db;
  const config = testConfig();
  const services = createServices({
    db,
    config,
    mailer: memoryMailer().mailer,
    log: ctx.app.log,
    // Nobody listens on this second set of services: realtime events go nowhere.
    live: { toUser: () => undefined, disconnectSessions: () => undefined },
    now: () => NOW,
    marketSeed: config.market.seed ?? (await resolveMarketSeed(db)),
  });
  built.set(ctx, services);
  return services;
}
export const saytrixOf = async (ctx: TestContext): Promise<SaytrixService> => (await servicesOf(ctx)).saytrix;

export const parsed = (intent: Parsed['intent'], extra: Partial<Parsed> = {}): Parsed => ({
  intent,
  symbols: [],
  text: '',
  ...extra,
});

export async function answer(
  ctx: TestContext,
  user: User,
  p: Parsed,
  context: SaytrixContext = {},
  expert = false,
): Promise<SaytrixReply> {
  return (await (await saytrixOf(ctx)).answerParsed(user.user.id, p, context, expert)).reply;
}

export async function get<T>(ctx: TestContext, user: User | undefined, url: string): Promise<T> {
  const res = await ctx.request({ method: 'GET', url, ...(user ? { token: user.token } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T }).data;
}

export async function send<T>(
  ctx: TestContext,
  user: User,
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload: Record<string, unknown>,
  status: number,
): Promise<T> {
  const res = await ctx.request({ method, url, token: user.token, payload });
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

export const place = (ctx: TestContext, user: User, body: Record<string, unknown>) =>
  send<{ data: { order: Order } }>(
    ctx,
    user,
    'POST',
    '/api/orders/place',
    { clientOrderId: `k-${randomUUID()}`, ...body },
    201,
  );

/** A reply that proposes nothing: no action, or only opening a screen. */
export function expectNoProposal(reply: SaytrixReply) {
  expect(reply.action ?? 'none', reply.response).toMatch(/^(none|navigate)$/);
}
