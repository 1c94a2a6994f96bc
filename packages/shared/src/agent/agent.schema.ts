import { z } from 'zod';
import { safeString } from '../lib/safe-string.js';
import { lazySchema } from '../lib/lazy-schema.js';

/**
 * Agent sandbox (issue 27): an MCP server at /mcp for AI agents, reached only with an agent token.
 * Each token trades its own `agent` portfolio, funded with the token's budget in virtual rupees.
 * The app's own screens manage tokens, approve held orders and read the audit log.
 */

export const AGENT_SCOPES = ['read', 'trade'] as const;
export type AgentScope = (typeof AGENT_SCOPES)[number];
/** Tokens a user may hold that are not revoked. */
export const MAX_AGENT_TOKENS = 5;
export const MAX_AGENT_TOKENS_MESSAGE = `You can hold at most ${MAX_AGENT_TOKENS} agent tokens; revoke one first`;
/** Bounds of a token's budget, in whole rupees. */
export const MIN_AGENT_BUDGET_RUPEES = 1_000;
export const MAX_AGENT_BUDGET_RUPEES = 1_00_00_000;
/** An agent token is shown once; it starts with this so a leaked one is recognisable. */
export const AGENT_TOKEN_PREFIX = 'nva_';

export const agentTokenIdSchema = lazySchema(() => safeString().uuid('Agent token not found'));
export const agentTokenIdParamsSchema = lazySchema(() => z.object({ id: agentTokenIdSchema }));

export const createAgentTokenRequestSchema = lazySchema(() =>
  z.object({
    name: safeString({ error: 'Name the token' })
      .trim()
      .min(1, 'Name the token')
      .max(40, 'A token name must be at most 40 characters'),
    scopes: z
      .array(z.enum(AGENT_SCOPES, { error: "Scopes are 'read' and 'trade'" }))
      .min(1, 'Give the token at least one scope')
      .max(AGENT_SCOPES.length)
      .refine((a) => new Set(a).size === a.length, 'Each scope once'),
    /** Whole rupees: the agent portfolio's starting cash, and the cap on its exposure. */
    budgetInr: z
      .number({ error: 'Budget must be a number of rupees' })
      .int('Budget must be whole rupees')
      .min(
        MIN_AGENT_BUDGET_RUPEES,
        `Budget must be at least ₹${MIN_AGENT_BUDGET_RUPEES.toLocaleString('en-IN')}`,
      )
      .max(
        MAX_AGENT_BUDGET_RUPEES,
        `Budget must be at most ₹${MAX_AGENT_BUDGET_RUPEES.toLocaleString('en-IN')}`,
      ),
    /** Every order waits for the user's approval in the app before it is placed. */
    requireApproval: z.boolean({ error: 'requireApproval must be true or false' }).default(false),
    /** Whole rupees: once the day's realised + unrealised loss reaches it, new orders are refused. */
    dailyLossLimitInr: z
      .number({ error: 'Daily loss limit must be a number of rupees' })
      .int('Daily loss limit must be whole rupees')
      .positive('Daily loss limit must be above ₹0')
      .nullable()
      .default(null),
  }),
);
export type CreateAgentTokenRequest = z.infer<typeof createAgentTokenRequestSchema>;

export const agentTokenSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    scopes: z.array(z.enum(AGENT_SCOPES)),
    budgetInr: z.number(),
    requireApproval: z.boolean(),
    dailyLossLimitInr: z.number().nullable(),
    /** The token's own portfolio (kind `agent`). */
    portfolioId: z.string(),
    /** The first characters of the secret, to tell tokens apart (e.g. `nva_3f9c…`). */
    hint: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  }),
);
export type AgentToken = z.infer<typeof agentTokenSchema>;

export const createAgentTokenResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    /** `secret` is shown this once; only its hash is stored. */
    data: z.object({ token: agentTokenSchema, secret: z.string() }),
  }),
);
export const agentTokensResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: z.array(agentTokenSchema),
  }),
);
export const agentTokenResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), data: agentTokenSchema }),
);

/** The kill switch: revoke the token, cancel its open orders and GTTs, drop its held approvals. */
export const agentKillResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: z.object({
      token: agentTokenSchema,
      cancelledOrders: z.number().int(),
      cancelledGtts: z.number().int(),
      rejectedApprovals: z.number().int(),
    }),
  }),
);

/** An order an agent placed under `requireApproval`, waiting for the user. */
export const AGENT_APPROVAL_STATUSES = ['AWAITING_APPROVAL', 'APPROVED', 'REJECTED', 'EXPIRED'] as const;
export const agentApprovalSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    tokenId: z.string(),
    tokenName: z.string(),
    status: z.enum(AGENT_APPROVAL_STATUSES),
    symbol: z.string(),
    type: z.enum(['BUY', 'SELL']),
    orderType: z.string(),
    product: z.string(),
    quantity: z.number().int(),
    /** Rupees; null for a market order. */
    price: z.number().nullable(),
    triggerPrice: z.number().nullable(),
    /** The order placed on approval; null until then. */
    orderId: z.string().nullable(),
    /** Why it was refused on approval or rejected; null otherwise. */
    reason: z.string().nullable(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  }),
);
export type AgentApproval = z.infer<typeof agentApprovalSchema>;
export const agentApprovalIdParamsSchema = lazySchema(() =>
  z.object({ id: safeString().uuid('Approval not found') }),
);
export const agentApprovalsQuerySchema = lazySchema(() =>
  z.object({
    status: z.enum(AGENT_APPROVAL_STATUSES).optional(),
  }),
);
export const agentApprovalsResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: z.array(agentApprovalSchema),
  }),
);
export const agentApprovalResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), data: agentApprovalSchema }),
);

/** One call an agent made at /mcp. */
export const AGENT_CALL_OUTCOMES = ['ok', 'refused', 'error', 'awaiting_approval'] as const;
export const agentAuditEntrySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    tokenId: z.string(),
    tokenName: z.string(),
    tool: z.string(),
    /** The arguments as the agent sent them (secrets never appear here). */
    arguments: z.record(z.string(), z.unknown()),
    outcome: z.enum(AGENT_CALL_OUTCOMES),
    /** A short result: the order id and status, the refusal message, or the number of rows read. */
    summary: z.string(),
    /** Rupees: cash the call moved in the ledger (a fill's value and charges, signed); null when none. */
    ledgerEffectInr: z.number().nullable(),
    at: z.string(),
  }),
);
export type AgentAuditEntry = z.infer<typeof agentAuditEntrySchema>;
export const agentAuditQuerySchema = lazySchema(() =>
  z.object({
    tokenId: agentTokenIdSchema.optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
    /** An entry id: entries older than it (the next page). */
    before: safeString().uuid('Unknown audit entry').optional(),
  }),
);
export const agentAuditResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: z.array(agentAuditEntrySchema),
  }),
);
