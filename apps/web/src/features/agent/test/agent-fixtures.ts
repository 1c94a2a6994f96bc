import type { AgentApproval, AgentAuditEntry, AgentToken } from '@nivesh/shared';
import type { stubFetch } from '../../../test/render';
import { shellStubs } from '../../market/test/market-fixtures';

type Stubs = Parameters<typeof stubFetch>[0];

export const TOKEN_ID = '7d0c8b8e-4a51-4c0e-9a3e-0000000000a1';
export const PORTFOLIO_ID = '7d0c8b8e-4a51-4c0e-9a3e-0000000000b1';
export const APPROVAL_ID = '7d0c8b8e-4a51-4c0e-9a3e-0000000000c1';

export function makeToken(overrides: Partial<AgentToken> = {}): AgentToken {
  return {
    id: TOKEN_ID,
    name: 'Claude swing',
    scopes: ['read', 'trade'],
    budgetInr: 50_000,
    requireApproval: true,
    dailyLossLimitInr: 2_000,
    portfolioId: PORTFOLIO_ID,
    hint: 'nva_3f9c…',
    createdAt: '2026-11-27T04:30:00.000Z',
    lastUsedAt: null,
    revokedAt: null,
    ...overrides,
  };
}

export function makeApproval(overrides: Partial<AgentApproval> = {}): AgentApproval {
  return {
    id: APPROVAL_ID,
    tokenId: TOKEN_ID,
    tokenName: 'Claude swing',
    status: 'AWAITING_APPROVAL',
    symbol: 'ITC',
    type: 'BUY',
    orderType: 'LIMIT',
    product: 'CNC',
    quantity: 10,
    price: 450.25,
    triggerPrice: null,
    orderId: null,
    reason: null,
    createdAt: '2026-11-27T05:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

export function makeAuditEntry(n: number, overrides: Partial<AgentAuditEntry> = {}): AgentAuditEntry {
  return {
    id: `7d0c8b8e-4a51-4c0e-9a3e-${String(n).padStart(12, '0')}`,
    tokenId: TOKEN_ID,
    tokenName: 'Claude swing',
    tool: 'get_ltp',
    arguments: { instruments: ['NSE:ITC'] },
    outcome: 'ok',
    summary: '1 price read',
    ledgerEffectInr: null,
    at: '2026-11-27T05:00:00.000Z',
    ...overrides,
  };
}

const ok = (data: unknown) => () => ({ body: { success: true, data } });

/** A signed-in user on an instance with AGENT_MCP_ENABLED, holding `tokens`. */
export function agentStubs(
  {
    tokens = [makeToken()],
    approvals = [],
    audit = [],
  }: { tokens?: AgentToken[]; approvals?: AgentApproval[]; audit?: AgentAuditEntry[] } = {},
  agentSandbox = true,
): Stubs {
  return {
    ...shellStubs,
    'GET /api/instance': ok({ publicLeaderboard: false, virtualCashLabel: 'virtual cash', agentSandbox }),
    'GET /api/agent/tokens': ok(tokens),
    'GET /api/agent/approvals': ok(approvals),
    'GET /api/agent/audit?limit=50': ok(audit),
    [`GET /api/portfolio/performance?range=1M&portfolioId=${PORTFOLIO_ID}`]: ok({
      range: '1M',
      points: [{ date: '2026-11-27', portfolioValue: 50_000, nifty: 24_000 }],
      portfolioReturn: null,
      niftyReturn: null,
    }),
  };
}
