import { expect } from 'vitest';
import type { AgentToken } from '@nivesh/shared';
import type { TestContext } from './test-app.js';
import type { User } from './orders.js';

/** Creates an agent token over REST; answers the token and its one-time secret. */
export async function createAgentToken(
  ctx: TestContext,
  user: User,
  body: Record<string, unknown> = {},
): Promise<{ token: AgentToken; secret: string }> {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/agent/tokens',
    token: user.token,
    payload: { name: 'Momentum bot', scopes: ['read', 'trade'], budgetInr: 50_000, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { token: AgentToken; secret: string };
}

export const AGENT_ON = { agentMcpEnabled: true } as const;
