import { expect } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
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

/** An MCP client session (the SDK's own client) on /mcp of a listening app, as an agent connects. */
export async function mcpClient(ctx: TestContext, secret: string): Promise<Client> {
  const client = new Client({ name: 'nivesh-test-agent', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', ctx.url), {
    requestInit: { headers: { authorization: `Bearer ${secret}` } },
  });
  await client.connect(transport);
  return client;
}

/** Calls a tool; answers its parsed JSON (or its text) and whether it was an error. */
export async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as {
    content: { type: string; text: string }[];
    isError?: boolean;
  };
  const text = result.content[0]?.text ?? '';
  let data: unknown = text;
  try {
    data = JSON.parse(text);
  } catch {
    // An error result is plain text.
  }
  return { data: data as Record<string, unknown> & unknown[], text, isError: result.isError === true };
}

/** A raw JSON-RPC POST to /mcp (for what the SDK client would never send). */
export function rpc(
  app: { inject: TestContext['app']['inject'] },
  secret: string | undefined,
  payload: unknown,
) {
  return app.inject({
    method: 'POST',
    url: '/mcp',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      ...(secret ? { authorization: `Bearer ${secret}` } : {}),
    },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}
