import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { AppError, tooManyRequests, unauthorized } from '../../lib/errors.js';
import { bearerToken } from '../../plugins/authenticate.js';
import type { AgentAuditService } from './agent-audit.service.js';
import { agentMcpServer } from './agent-mcp.js';
import { hashSecret, type AgentTokensService } from './agent-tokens.service.js';
import type { AgentToolDeps } from './agent-tool-context.js';

export const DEFAULT_AGENT_RATE_LIMIT_PER_MINUTE = 60;

/**
 * /mcp: the agent sandbox's MCP endpoint (streamable HTTP, stateless: a server and transport per
 * request). Only an agent token (`Authorization: Bearer nva_…`) is accepted, looked up on every
 * request so a revoke anywhere is seen at once; a session token is a 401 here.
 */
export const agentMcpRoutes: FastifyPluginAsync<{
  tokens: AgentTokensService;
  audit: AgentAuditService;
  deps: AgentToolDeps;
  version: string;
  rateLimitPerMinute?: number | undefined;
}> = async (app, o) => {
  const max = o.rateLimitPerMinute ?? DEFAULT_AGENT_RATE_LIMIT_PER_MINUTE;
  const config = {
    rateLimit: {
      max,
      timeWindow: '1 minute',
      // Per token (its hash, never the secret), in the app's shared store when it has one.
      keyGenerator: (request: FastifyRequest) => {
        const secret = bearerToken(request.headers.authorization);
        return secret ? `agent:${hashSecret(secret)}` : `agent-ip:${request.ip}`;
      },
      errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
        tooManyRequests(
          `Too many agent calls: at most ${max} a minute per token. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        ),
    },
  };

  app.post('/mcp', { config }, async (request, reply) => {
    const secret = bearerToken(request.headers.authorization);
    const session = secret ? await o.tokens.authenticate(secret) : undefined;
    if (!session) throw unauthorized('An agent token is required here (Authorization: Bearer nva_…)');
    const server = agentMcpServer({
      session,
      deps: o.deps,
      audit: o.audit,
      log: request.log,
      version: o.version,
    });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    } catch (err) {
      request.log.error({ err }, 'mcp request failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(400, { 'content-type': 'application/json' });
        reply.raw.end(
          JSON.stringify({ jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request' }, id: null }),
        );
      }
    }
  });

  // Stateless: there is no stream to open and no session to end.
  const notAllowed = async () => {
    throw new AppError(405, 'METHOD_NOT_ALLOWED', 'Use POST /mcp (streamable HTTP, stateless)');
  };
  app.get('/mcp', notAllowed);
  app.delete('/mcp', notAllowed);
};
