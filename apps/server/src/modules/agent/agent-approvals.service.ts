import type { AgentApproval, PlaceOrderRequest } from '@nivesh/shared';
import type { Db } from '../../db/database.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { OrderCommandsService } from '../orders/order-commands.service.js';
import { agentApprovalsRepository, type ApprovalStatus } from './agent-approvals.repository.js';
import { agentTokensRepository, type AgentTokenRow } from './agent-tokens.repository.js';
import type { AgentTokensService } from './agent-tokens.service.js';
import { toAgentApproval } from './agent.mapper.js';

export const APPROVAL_NOT_FOUND = 'Approval not found';

/**
 * Orders an agent placed under requireApproval: held here until the user approves (then placed
 * through the normal order path, every rule checked again) or rejects them in the app.
 */
export class AgentApprovalsService {
  constructor(
    private readonly o: {
      db: Db;
      tokens: AgentTokensService;
      orders: OrderCommandsService;
      notifications: NotificationsService;
      now?: () => Date;
    },
  ) {}

  private now() {
    return this.o.now?.() ?? new Date();
  }

  /** Holds an agent's order and tells the user it is waiting. */
  async hold(token: AgentTokenRow, request: PlaceOrderRequest): Promise<AgentApproval> {
    const row = await agentApprovalsRepository.insert(this.o.db, {
      tokenId: token.id,
      userId: token.userId,
      request,
    });
    const what = `${request.type} ${request.quantity} ${request.symbol}`;
    await this.o.notifications.notify(token.userId, {
      category: 'portfolio',
      type: 'warning',
      title: `Agent "${token.name}" asks to ${what}`,
      message: `Your agent token "${token.name}" placed an order that waits for your approval: ${what} (${request.orderType}).`,
      link: '/agent',
      data: { approvalId: row.id, tokenId: token.id },
    });
    return toAgentApproval(row, token.name);
  }

  async list(userId: string, status?: ApprovalStatus): Promise<AgentApproval[]> {
    const [rows, names] = await Promise.all([
      agentApprovalsRepository.list(this.o.db, userId, status),
      agentTokensRepository.names(this.o.db, userId),
    ]);
    return rows.map((r) => toAgentApproval(r, names.get(r.tokenId) ?? ''));
  }

  /** The approvals of one token, for get_orders (its held orders show there too). */
  async ofToken(token: AgentTokenRow, status?: ApprovalStatus): Promise<AgentApproval[]> {
    const rows = await agentApprovalsRepository.ofToken(this.o.db, token.id, status);
    return rows.map((r) => toAgentApproval(r, token.name));
  }

  private async waiting(userId: string, id: string) {
    const row = await agentApprovalsRepository.own(this.o.db, userId, id);
    if (!row) throw notFound(APPROVAL_NOT_FOUND);
    if (row.status !== 'AWAITING_APPROVAL')
      throw conflict(`This order is no longer waiting: it is ${row.status.replace('_', ' ').toLowerCase()}`);
    const token = await this.o.tokens.own(userId, row.tokenId);
    return { row, token };
  }

  /**
   * Places the held order as the agent's, through the normal placement path (budget, loss limit,
   * cash and market rules all checked again). A refusal is kept on the approval with its reason.
   */
  async approve(userId: string, id: string): Promise<AgentApproval> {
    const { row, token } = await this.waiting(userId, id);
    const at = this.now();
    if (token.revokedAt) {
      const reason = 'Its agent token was revoked before the order was approved';
      const expired = await agentApprovalsRepository.decide(this.o.db, id, { status: 'EXPIRED', reason, at });
      return toAgentApproval(expired ?? row, token.name);
    }
    // Claimed first, so a double click or a racing kill switch places it at most once.
    const claimed = await agentApprovalsRepository.decide(this.o.db, id, { status: 'APPROVED', at });
    if (!claimed) throw conflict('This order is no longer waiting');
    const actor = await this.o.tokens.actorOf(token);
    try {
      const { order } = await this.o.orders.place(actor, row.request, `agent-approval-${id}`);
      const settled = await agentApprovalsRepository.settle(this.o.db, id, {
        status: 'APPROVED',
        orderId: order.id,
        reason: order.status === 'REJECTED' ? (order.statusReason ?? 'Rejected') : null,
      });
      return toAgentApproval(settled, token.name);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const settled = await agentApprovalsRepository.settle(this.o.db, id, {
        status: 'REJECTED',
        orderId: null,
        reason: `Refused on approval: ${error.message}`,
      });
      return toAgentApproval(settled, token.name);
    }
  }

  async reject(userId: string, id: string): Promise<AgentApproval> {
    const { token } = await this.waiting(userId, id);
    const reason = 'Rejected by you in the app';
    const row = await agentApprovalsRepository.decide(this.o.db, id, {
      status: 'REJECTED',
      reason,
      at: this.now(),
    });
    if (!row) throw conflict('This order is no longer waiting');
    return toAgentApproval(row, token.name);
  }
}
