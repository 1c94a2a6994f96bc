import { paiseToRupees, type AgentAuditEntry } from '@nivesh/shared';
import type { Db } from '../../db/database.js';
import { toCsv } from '../../lib/csv.js';
import { notFound } from '../../lib/errors.js';
import type { FillsService } from '../portfolio/fills.service.js';
import type { PerformanceService } from '../portfolio/performance.service.js';
import { agentAuditRepository, type NewAgentAudit } from './agent-audit.repository.js';
import { agentTokensRepository } from './agent-tokens.repository.js';
import type { AgentTokensService } from './agent-tokens.service.js';
import { toAgentAuditEntry } from './agent.mapper.js';

const TRACK_RECORD_HEADER = ['time', 'symbol', 'side', 'qty', 'price', 'charges', 'realised_pnl'];

/** The audit log of agent calls, and a token's exportable track record. */
export class AgentAuditService {
  constructor(
    private readonly o: {
      db: Db;
      tokens: AgentTokensService;
      fills: FillsService;
      performance: PerformanceService;
    },
  ) {}

  record(entry: NewAgentAudit): Promise<void> {
    return agentAuditRepository.insert(this.o.db, entry);
  }

  async list(
    userId: string,
    q: { tokenId?: string | undefined; limit: number; before?: string | undefined },
  ): Promise<AgentAuditEntry[]> {
    if (q.tokenId) await this.o.tokens.own(userId, q.tokenId);
    const before = q.before ? await agentAuditRepository.own(this.o.db, userId, q.before) : undefined;
    if (q.before && !before) throw notFound('Unknown audit entry');
    const [rows, names] = await Promise.all([
      agentAuditRepository.list(this.o.db, userId, { tokenId: q.tokenId, limit: q.limit, before }),
      agentTokensRepository.names(this.o.db, userId),
    ]);
    return rows.map((r) => toAgentAuditEntry(r, names.get(r.tokenId) ?? ''));
  }

  /**
   * Every fill of the token's portfolio, then its return against NIFTY 50 since it opened (from
   * the performance service, so the figures match the app's performance chart).
   */
  async trackRecordCsv(userId: string, tokenId: string): Promise<{ name: string; csv: string }> {
    const token = await this.o.tokens.own(userId, tokenId);
    const actor = await this.o.tokens.actorOf(token);
    const [fills, performance] = await Promise.all([
      this.o.fills.history(actor.accountId),
      this.o.performance.performance(actor, 'ALL'),
    ]);
    const rows = fills.map((f) => [
      f.createdAt.toISOString(),
      f.symbol,
      f.side,
      f.quantity,
      paiseToRupees(f.pricePaise),
      paiseToRupees(f.feesPaise),
      f.side === 'SELL' ? paiseToRupees(f.realizedPnlPaise) : null,
    ]);
    const pct = (v: number | null) => (v === null ? 'n/a' : `${v.toFixed(2)}%`);
    const summary = [
      [],
      ['summary', 'value'],
      ['portfolio_return', pct(performance.portfolioReturn)],
      ['nifty50_return', pct(performance.niftyReturn)],
      ['fills', fills.length],
    ];
    const csv = toCsv(TRACK_RECORD_HEADER, [...rows, ...summary]);
    return { name: token.name, csv };
  }
}
