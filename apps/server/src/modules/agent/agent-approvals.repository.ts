import { and, desc, eq } from 'drizzle-orm';
import type { PlaceOrderRequest } from '@nivesh/shared';
import type { DbOrTx } from '../../db/database.js';
import { agentApprovals } from '../../db/schema/agent.js';

export type AgentApprovalRow = typeof agentApprovals.$inferSelect;
export type ApprovalStatus = 'AWAITING_APPROVAL' | 'APPROVED' | 'REJECTED' | 'EXPIRED';

/** Orders held for the user's approval: every query of the agent_approvals table. */
export const agentApprovalsRepository = {
  async insert(
    db: DbOrTx,
    values: { tokenId: string; userId: string; request: PlaceOrderRequest },
  ): Promise<AgentApprovalRow> {
    const [row] = await db.insert(agentApprovals).values(values).returning();
    return row!;
  },

  async list(db: DbOrTx, userId: string, status?: ApprovalStatus): Promise<AgentApprovalRow[]> {
    return db
      .select()
      .from(agentApprovals)
      .where(and(eq(agentApprovals.userId, userId), status ? eq(agentApprovals.status, status) : undefined))
      .orderBy(desc(agentApprovals.createdAt), desc(agentApprovals.id))
      .limit(500);
  },

  async ofToken(db: DbOrTx, tokenId: string, status?: ApprovalStatus): Promise<AgentApprovalRow[]> {
    return db
      .select()
      .from(agentApprovals)
      .where(and(eq(agentApprovals.tokenId, tokenId), status ? eq(agentApprovals.status, status) : undefined))
      .orderBy(desc(agentApprovals.createdAt), desc(agentApprovals.id))
      .limit(500);
  },

  async own(db: DbOrTx, userId: string, id: string): Promise<AgentApprovalRow | undefined> {
    const [row] = await db
      .select()
      .from(agentApprovals)
      .where(and(eq(agentApprovals.id, id), eq(agentApprovals.userId, userId)));
    return row;
  },

  /**
   * Moves a waiting approval to its decision; undefined when it was no longer waiting (a second
   * click, or a kill switch in between), so one approval places at most one order.
   */
  async decide(
    db: DbOrTx,
    id: string,
    decision: { status: ApprovalStatus; orderId?: string | null; reason?: string | null; at: Date },
  ): Promise<AgentApprovalRow | undefined> {
    const [row] = await db
      .update(agentApprovals)
      .set({
        status: decision.status,
        orderId: decision.orderId ?? null,
        reason: decision.reason ?? null,
        decidedAt: decision.at,
      })
      .where(and(eq(agentApprovals.id, id), eq(agentApprovals.status, 'AWAITING_APPROVAL')))
      .returning();
    return row;
  },

  /** Records what came of an approval that was claimed (the order, or the refusal). */
  async settle(
    db: DbOrTx,
    id: string,
    settled: { orderId: string | null; reason: string | null; status: ApprovalStatus },
  ) {
    const [row] = await db.update(agentApprovals).set(settled).where(eq(agentApprovals.id, id)).returning();
    return row!;
  },
};
