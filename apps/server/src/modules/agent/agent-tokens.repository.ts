import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import type { AccountId } from '../../db/account-id.js';
import { agentTokens } from '../../db/schema/agent.js';
import { cashAccounts } from '../../db/schema/ledger.js';

export type AgentTokenRow = typeof agentTokens.$inferSelect;
export type NewAgentToken = typeof agentTokens.$inferInsert;

/** Agent tokens: every query of the agent_tokens table. */
export const agentTokensRepository = {
  async insert(db: DbOrTx, values: NewAgentToken): Promise<AgentTokenRow> {
    const [row] = await db.insert(agentTokens).values(values).returning();
    return row!;
  },

  async list(db: DbOrTx, userId: string): Promise<AgentTokenRow[]> {
    return db
      .select()
      .from(agentTokens)
      .where(eq(agentTokens.userId, userId))
      .orderBy(desc(agentTokens.createdAt), desc(agentTokens.id));
  },

  async countLive(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(agentTokens)
      .where(and(eq(agentTokens.userId, userId), isNull(agentTokens.revokedAt)));
    return row?.n ?? 0;
  },

  /** The user's own token; undefined for another user's id. */
  async own(db: DbOrTx, userId: string, id: string): Promise<AgentTokenRow | undefined> {
    const [row] = await db
      .select()
      .from(agentTokens)
      .where(and(eq(agentTokens.id, id), eq(agentTokens.userId, userId)));
    return row;
  },

  /** A live token by its secret's hash (read on every call: a revoke is seen at once everywhere). */
  async bySecretHash(db: DbOrTx, secretHash: string): Promise<AgentTokenRow | undefined> {
    const [row] = await db
      .select()
      .from(agentTokens)
      .where(and(eq(agentTokens.secretHash, secretHash), isNull(agentTokens.revokedAt)));
    return row;
  },

  async byId(db: DbOrTx, id: string): Promise<AgentTokenRow | undefined> {
    const [row] = await db.select().from(agentTokens).where(eq(agentTokens.id, id));
    return row;
  },

  /** The token whose portfolio an account (any season) belongs to; undefined for other accounts. */
  async byAccount(db: DbOrTx, accountId: AccountId): Promise<AgentTokenRow | undefined> {
    const [row] = await db
      .select({ token: agentTokens })
      .from(cashAccounts)
      .innerJoin(agentTokens, eq(agentTokens.portfolioId, cashAccounts.portfolioId))
      .where(eq(cashAccounts.id, accountId));
    return row?.token;
  },

  async touch(db: DbOrTx, id: string, at: Date): Promise<void> {
    await db.update(agentTokens).set({ lastUsedAt: at }).where(eq(agentTokens.id, id));
  },

  /** Revokes a live token; undefined when it was already revoked (or is not the user's). */
  async revoke(db: DbOrTx, userId: string, id: string, at: Date): Promise<AgentTokenRow | undefined> {
    const [row] = await db
      .update(agentTokens)
      .set({ revokedAt: at })
      .where(and(eq(agentTokens.id, id), eq(agentTokens.userId, userId), isNull(agentTokens.revokedAt)))
      .returning();
    return row;
  },

  async names(db: DbOrTx, userId: string): Promise<Map<string, string>> {
    const rows = await db
      .select({ id: agentTokens.id, name: agentTokens.name })
      .from(agentTokens)
      .where(eq(agentTokens.userId, userId));
    return new Map(rows.map((r) => [r.id, r.name]));
  },
};
