import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { AGENT_TOOL_NAMES, AGENT_TRADE_TOOLS, agentToolSchemas, type AgentToolName } from '@nivesh/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.js';
import type { AgentAuditService } from './agent-audit.service.js';
import type { AgentSession } from './agent-tokens.service.js';
import type { AgentToolDeps, ToolHandler, ToolResult } from './agent-tool-context.js';
import { AGENT_TOOL_DESCRIPTIONS } from './agent-tool-descriptions.js';
import { readTools } from './agent-tools-read.js';
import { tradeTools } from './agent-tools-trade.js';

const HANDLERS = { ...readTools, ...tradeTools } as Record<AgentToolName, ToolHandler>;

/** Each tool's arguments as JSON Schema, from the same zod schema that checks them. */
const TOOL_LIST = AGENT_TOOL_NAMES.map((name) => ({
  name,
  description: AGENT_TOOL_DESCRIPTIONS[name],
  inputSchema: z.toJSONSchema(agentToolSchemas[name], { io: 'input' }) as { type: 'object' },
  annotations: { readOnlyHint: !AGENT_TRADE_TOOLS.includes(name) },
}));

type Outcome = 'ok' | 'refused' | 'error' | 'awaiting_approval';

const text = (value: unknown, isError = false): CallToolResult => ({
  content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) }],
  ...(isError ? { isError: true } : {}),
});

/**
 * One MCP server for one request (stateless streamable HTTP): it lists the tools and runs a call
 * as the token's agent portfolio, recording every call in the audit log. A refusal or a bug is the
 * tool's error result, never an HTTP 5xx.
 */
export function agentMcpServer(o: {
  session: AgentSession;
  deps: AgentToolDeps;
  audit: AgentAuditService;
  log: FastifyBaseLogger;
  version: string;
}): Server {
  const server = new Server({ name: 'nivesh', version: o.version }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOL_LIST }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args = {} } = request.params;
    const { token } = o.session;
    let outcome: Outcome = 'ok';
    let result: ToolResult | undefined;
    let message = '';
    try {
      result = await run(o, name, args);
      outcome = result.outcome ?? 'ok';
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) {
        outcome = 'refused';
        message = error.message;
      } else {
        outcome = 'error';
        message = 'The tool failed; nothing was changed. Try again later.';
        o.log.error({ err: error, tool: name }, 'agent tool failed');
      }
    }
    await o.audit
      .record({
        tokenId: token.id,
        userId: token.userId,
        tool: name.slice(0, 64),
        arguments: args,
        outcome,
        summary: (result?.summary ?? message).slice(0, 500),
        ledgerEffectPaise: result?.ledgerEffectPaise ?? null,
      })
      .catch((err: unknown) => o.log.error({ err }, 'agent audit entry not recorded'));
    return result ? text(result.data) : text(message, true);
  });
  return server;
}

async function run(
  o: { session: AgentSession; deps: AgentToolDeps },
  name: string,
  args: Record<string, unknown>,
): Promise<ToolResult> {
  if (!(AGENT_TOOL_NAMES as string[]).includes(name))
    throw new AppError(404, 'NOT_FOUND', `Unknown tool: ${name}`);
  const tool = name as AgentToolName;
  const scope = AGENT_TRADE_TOOLS.includes(tool) ? 'trade' : 'read';
  if (!o.session.token.scopes.includes(scope))
    throw new AppError(
      403,
      'AGENT_SCOPE',
      `${tool} needs the '${scope}' scope, which this agent token does not have`,
    );
  const checked = agentToolSchemas[tool].safeParse(args);
  if (!checked.success)
    throw new AppError(400, 'VALIDATION_ERROR', checked.error.issues[0]?.message ?? 'Invalid arguments');
  return HANDLERS[tool](o.session, checked.data as never, o.deps);
}
