import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agentApprovalIdParamsSchema,
  agentApprovalResponseSchema,
  agentApprovalsQuerySchema,
  agentApprovalsResponseSchema,
  agentAuditQuerySchema,
  agentAuditResponseSchema,
  agentKillResponseSchema,
  agentTokenIdParamsSchema,
  agentTokenResponseSchema,
  agentTokensResponseSchema,
  createAgentTokenRequestSchema,
  createAgentTokenResponseSchema,
} from '@nivesh/shared';
import { download } from '../../lib/download.js';
import { requireAuth } from '../../plugins/authenticate.js';
import type { AgentApprovalsService } from './agent-approvals.service.js';
import type { AgentAuditService } from './agent-audit.service.js';
import type { AgentTokensService } from './agent-tokens.service.js';

const tags = ['agent'];

/** /api/agent: the app's side of the agent sandbox (issue 27); session auth, 404 for others' ids. */
export const agentRoutes: FastifyPluginAsyncZod<{
  services: {
    agentTokens: AgentTokensService;
    agentApprovals: AgentApprovalsService;
    agentAudit: AgentAuditService;
  };
}> = async (app, { services }) => {
  const { agentTokens, agentApprovals, agentAudit } = services;
  app.addHook('preHandler', app.authenticate);
  const user = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user.id;

  app.post(
    '/tokens',
    {
      schema: {
        tags,
        body: createAgentTokenRequestSchema,
        response: { 201: createAgentTokenResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ success: true as const, data: await agentTokens.create(user(request), request.body) }),
  );

  app.get('/tokens', { schema: { tags, response: { 200: agentTokensResponseSchema } } }, async (request) => ({
    success: true as const,
    data: await agentTokens.list(user(request)),
  }));

  app.delete(
    '/tokens/:id',
    { schema: { tags, params: agentTokenIdParamsSchema, response: { 200: agentTokenResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await agentTokens.revoke(user(request), request.params.id),
    }),
  );

  app.post(
    '/tokens/:id/kill',
    { schema: { tags, params: agentTokenIdParamsSchema, response: { 200: agentKillResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await agentTokens.kill(user(request), request.params.id),
    }),
  );

  app.get(
    '/tokens/:id/track-record.csv',
    { schema: { tags, params: agentTokenIdParamsSchema } },
    async (request, reply) => {
      const { name, csv } = await agentAudit.trackRecordCsv(user(request), request.params.id);
      const file = name.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 40) || 'agent';
      return download(reply, 'text/csv; charset=utf-8', `nivesh-agent-${file}.csv`, csv);
    },
  );

  app.get(
    '/approvals',
    {
      schema: {
        tags,
        querystring: agentApprovalsQuerySchema,
        response: { 200: agentApprovalsResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await agentApprovals.list(user(request), request.query.status),
    }),
  );

  app.post(
    '/approvals/:id/approve',
    { schema: { tags, params: agentApprovalIdParamsSchema, response: { 200: agentApprovalResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await agentApprovals.approve(user(request), request.params.id),
    }),
  );

  app.post(
    '/approvals/:id/reject',
    { schema: { tags, params: agentApprovalIdParamsSchema, response: { 200: agentApprovalResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await agentApprovals.reject(user(request), request.params.id),
    }),
  );

  app.get(
    '/audit',
    { schema: { tags, querystring: agentAuditQuerySchema, response: { 200: agentAuditResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await agentAudit.list(user(request), request.query),
    }),
  );
};
