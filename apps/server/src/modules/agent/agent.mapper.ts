import { paiseToRupees, type AgentApproval, type AgentAuditEntry, type AgentToken } from '@nivesh/shared';
import type { AgentApprovalRow } from './agent-approvals.repository.js';
import type { AgentAuditRow } from './agent-audit.repository.js';
import type { AgentTokenRow } from './agent-tokens.repository.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toAgentToken(row: AgentTokenRow): AgentToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    budgetInr: paiseToRupees(row.budgetPaise),
    requireApproval: row.requireApproval,
    dailyLossLimitInr: row.dailyLossLimitPaise === null ? null : paiseToRupees(row.dailyLossLimitPaise),
    portfolioId: row.portfolioId,
    hint: row.hint,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
    revokedAt: iso(row.revokedAt),
  };
}

export function toAgentApproval(row: AgentApprovalRow, tokenName: string): AgentApproval {
  const r = row.request;
  return {
    id: row.id,
    tokenId: row.tokenId,
    tokenName,
    status: row.status as AgentApproval['status'],
    symbol: r.symbol,
    type: r.type,
    orderType: r.orderType,
    product: r.product,
    quantity: r.quantity,
    price: r.orderType === 'LIMIT' ? (r.price ?? null) : null,
    triggerPrice: r.orderType === 'STOP' ? (r.triggerPrice ?? null) : null,
    orderId: row.orderId,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: iso(row.decidedAt),
  };
}

export function toAgentAuditEntry(row: AgentAuditRow, tokenName: string): AgentAuditEntry {
  return {
    id: row.id,
    tokenId: row.tokenId,
    tokenName,
    tool: row.tool,
    arguments: row.arguments,
    outcome: row.outcome as AgentAuditEntry['outcome'],
    summary: row.summary,
    ledgerEffectInr: row.ledgerEffectPaise === null ? null : paiseToRupees(row.ledgerEffectPaise),
    at: row.at.toISOString(),
  };
}
