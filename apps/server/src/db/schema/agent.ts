import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AgentScope, PlaceOrderRequest } from '@nivesh/shared';
import { createdAt } from './columns.js';
import { portfolios } from './portfolios.js';
import { users } from './users.js';

/**
 * An agent token (issue 27): what an AI agent presents at /mcp. Only the secret's sha256 is kept;
 * the token trades its own `agent` portfolio. Revocation is a timestamp, read on every call, so a
 * revoke is seen by every instance at once.
 */
export const agentTokens = pgTable(
  'agent_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: jsonb('scopes').$type<AgentScope[]>().notNull(),
    secretHash: text('secret_hash').notNull(),
    hint: text('hint').notNull(),
    budgetPaise: bigint('budget_paise', { mode: 'bigint' }).notNull(),
    requireApproval: boolean('require_approval').notNull().default(false),
    dailyLossLimitPaise: bigint('daily_loss_limit_paise', { mode: 'bigint' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('agent_tokens_secret_hash_key').on(t.secretHash),
    uniqueIndex('agent_tokens_portfolio_key').on(t.portfolioId),
    index('agent_tokens_user_idx').on(t.userId, t.createdAt),
    check('agent_tokens_budget_positive', sql`${t.budgetPaise} > 0`),
  ],
);

/** An order an agent placed under requireApproval, held until the user decides. */
export const agentApprovals = pgTable(
  'agent_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenId: uuid('token_id')
      .notNull()
      .references(() => agentTokens.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('AWAITING_APPROVAL'),
    /** The order as it will be placed: Nivesh's PlaceOrderRequest, already validated. */
    request: jsonb('request').$type<PlaceOrderRequest>().notNull(),
    orderId: uuid('order_id'),
    reason: text('reason'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('agent_approvals_user_idx').on(t.userId, t.createdAt),
    index('agent_approvals_token_idx').on(t.tokenId, t.status),
    check(
      'agent_approvals_status_known',
      sql`${t.status} IN ('AWAITING_APPROVAL', 'APPROVED', 'REJECTED', 'EXPIRED')`,
    ),
  ],
);

/** Every call an agent made at /mcp. */
export const agentAudit = pgTable(
  'agent_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenId: uuid('token_id')
      .notNull()
      .references(() => agentTokens.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tool: text('tool').notNull(),
    arguments: jsonb('arguments').$type<Record<string, unknown>>().notNull(),
    outcome: text('outcome').notNull(),
    summary: text('summary').notNull(),
    ledgerEffectPaise: bigint('ledger_effect_paise', { mode: 'bigint' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('agent_audit_user_idx').on(t.userId, t.at),
    index('agent_audit_token_idx').on(t.tokenId, t.at),
    check('agent_audit_outcome_known', sql`${t.outcome} IN ('ok', 'refused', 'error', 'awaiting_approval')`),
  ],
);
