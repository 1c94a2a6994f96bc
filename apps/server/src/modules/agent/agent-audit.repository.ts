import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { agentAudit } from '../../db/schema/agent.js';

export type AgentAuditRow = typeof agentAudit.$inferSelect;
export type NewAgentAudit = typeof agentAudit.$inferInsert;

/** The audit log of /mcp calls: every query of the agent_audit table. */
export const agentAuditRepository = {
  async insert(db: DbOrTx, values: NewAgentAudit): Promise<void> {
    await db.insert(agentAudit).values(values);
  },

  async own(db: DbOrTx, userId: string, id: string): Promise<AgentAuditRow | undefined> {
    const [row] = await db
      .select()
      .from(agentAudit)
      .where(and(eq(agentAudit.id, id), eq(agentAudit.userId, userId)));
    return row;
  },

  /** Newest first; `before` pages on (time, id) so entries of one millisecond are not skipped. */
  async list(
    db: DbOrTx,
    userId: string,
    q: { tokenId?: string | undefined; limit: number; before?: AgentAuditRow | undefined },
  ): Promise<AgentAuditRow[]> {
    const where: (SQL | undefined)[] = [eq(agentAudit.userId, userId)];
    if (q.tokenId) where.push(eq(agentAudit.tokenId, q.tokenId));
    if (q.before)
      where.push(
        or(
          lt(agentAudit.at, q.before.at),
          and(eq(agentAudit.at, q.before.at), lt(agentAudit.id, q.before.id)),
        ),
      );
    return db
      .select()
      .from(agentAudit)
      .where(and(...where))
      .orderBy(desc(agentAudit.at), desc(agentAudit.id))
      .limit(q.limit);
  },
};
