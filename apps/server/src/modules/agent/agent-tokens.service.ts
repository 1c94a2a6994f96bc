import { createHash, randomBytes } from 'node:crypto';
import {
  AGENT_TOKEN_PREFIX,
  MAX_AGENT_TOKENS,
  MAX_AGENT_TOKENS_MESSAGE,
  rupeesToPaise,
  type AgentToken,
  type CreateAgentTokenRequest,
} from '@nivesh/shared';
import type { Db } from '../../db/database.js';
import { lockUserRow } from '../../db/user-row-lock.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { GttService } from '../gtt/gtt.service.js';
import type { OrderCommandsService } from '../orders/order-commands.service.js';
import type { PortfoliosService, ResolvedPortfolio } from '../portfolios/portfolios.service.js';
import { agentApprovalsRepository } from './agent-approvals.repository.js';
import { agentTokensRepository, type AgentTokenRow } from './agent-tokens.repository.js';
import { toAgentToken } from './agent.mapper.js';

export const AGENT_TOKEN_NOT_FOUND = 'Agent token not found';

/** The portfolio an agent acts on, marked so the placement guard knows the agent placed it. */
export type AgentActor = ResolvedPortfolio & { agentTokenId: string };

/** A live token and the portfolio it trades: what every /mcp call runs as. */
export interface AgentSession {
  token: AgentTokenRow;
  actor: AgentActor;
}

export const hashSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Agent tokens (issue 27): create, list, revoke, the kill switch, and authenticating a secret. */
export class AgentTokensService {
  constructor(
    private readonly o: {
      db: Db;
      portfolios: PortfoliosService;
      orders: OrderCommandsService;
      gtt: GttService;
      now?: () => Date;
    },
  ) {}

  private now() {
    return this.o.now?.() ?? new Date();
  }

  async create(
    userId: string,
    body: CreateAgentTokenRequest,
  ): Promise<{ token: AgentToken; secret: string }> {
    // 32 random bytes: the secret is the credential, so it is never derived from anything guessable.
    const secret = AGENT_TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const budgetPaise = rupeesToPaise(body.budgetInr);
    const row = await this.o.db.transaction(async (tx) => {
      // The user row lock serialises one user's creates, so two at the cap cannot both pass it.
      if (!(await lockUserRow(tx, userId))) throw notFound('User not found');
      if ((await agentTokensRepository.countLive(tx, userId)) >= MAX_AGENT_TOKENS)
        throw conflict(MAX_AGENT_TOKENS_MESSAGE);
      const portfolio = await this.o.portfolios.createAgent(tx, userId, body.name, budgetPaise);
      return agentTokensRepository.insert(tx, {
        userId,
        portfolioId: portfolio.portfolioId,
        name: body.name,
        scopes: body.scopes,
        secretHash: hashSecret(secret),
        hint: `${secret.slice(0, AGENT_TOKEN_PREFIX.length + 4)}…`,
        budgetPaise,
        requireApproval: body.requireApproval,
        dailyLossLimitPaise: body.dailyLossLimitInr === null ? null : rupeesToPaise(body.dailyLossLimitInr),
      });
    });
    return { token: toAgentToken(row), secret };
  }

  async list(userId: string): Promise<AgentToken[]> {
    return (await agentTokensRepository.list(this.o.db, userId)).map(toAgentToken);
  }

  /** The user's own token row; 404 for another user's id. */
  async own(userId: string, id: string): Promise<AgentTokenRow> {
    const row = await agentTokensRepository.own(this.o.db, userId, id);
    if (!row) throw notFound(AGENT_TOKEN_NOT_FOUND);
    return row;
  }

  /** Revokes at once: the token is looked up on every call, so every instance refuses it next. */
  async revoke(userId: string, id: string): Promise<AgentToken> {
    const row = await this.own(userId, id);
    const revoked = await agentTokensRepository.revoke(this.o.db, userId, id, this.now());
    return toAgentToken(revoked ?? row);
  }

  /** The kill switch: revoke, cancel the portfolio's open orders and GTTs, reject waiting approvals. */
  async kill(userId: string, id: string) {
    await this.own(userId, id);
    const token = await this.revoke(userId, id);
    const who = await this.o.portfolios.resolveToTrade(userId, token.portfolioId);
    const reason = 'Cancelled by the kill switch of its agent token';
    const cancelledOrders = await this.o.orders.cancelAllOpen(who, reason);
    const cancelledGtts = await this.o.gtt.cancelAll(who, reason);
    let rejectedApprovals = 0;
    for (const a of await agentApprovalsRepository.ofToken(this.o.db, id, 'AWAITING_APPROVAL')) {
      const reasonA = 'Rejected by the kill switch';
      const at = this.now();
      if (await agentApprovalsRepository.decide(this.o.db, a.id, { status: 'REJECTED', reason: reasonA, at }))
        rejectedApprovals += 1;
    }
    return { token, cancelledOrders, cancelledGtts, rejectedApprovals };
  }

  /** The live token a secret belongs to and its portfolio; undefined for anything else. */
  async authenticate(secret: string): Promise<AgentSession | undefined> {
    if (!secret.startsWith(AGENT_TOKEN_PREFIX)) return undefined;
    const token = await agentTokensRepository.bySecretHash(this.o.db, hashSecret(secret));
    if (!token) return undefined;
    const portfolio = await this.o.portfolios.resolveToTrade(token.userId, token.portfolioId);
    await agentTokensRepository.touch(this.o.db, token.id, this.now());
    return { token, actor: { ...portfolio, agentTokenId: token.id } };
  }

  /** The actor of a token the user owns (an approval is placed as the agent's order). */
  async actorOf(token: AgentTokenRow): Promise<AgentActor> {
    const portfolio = await this.o.portfolios.resolveToTrade(token.userId, token.portfolioId);
    return { ...portfolio, agentTokenId: token.id };
  }
}
