import { istDayNumber, paiseToRupees, rupeesToPaise, type Order } from '@nivesh/shared';
import type { Db, DbOrTx } from '../../db/database.js';
import type { AccountRef } from '../../db/account-id.js';
import { AppError } from '../../lib/errors.js';
import type { PlacementGuard } from '../orders/order-commands.service.js';
import type { PerformanceService } from '../portfolio/performance.service.js';
import type { PortfolioService } from '../portfolio/portfolio.service.js';
import { agentExposureRepository } from './agent-exposure.repository.js';
import { agentTokensRepository, type AgentTokenRow } from './agent-tokens.repository.js';

export const AGENT_PORTFOLIO_MANUAL_MESSAGE =
  'This portfolio is traded by its agent token: place orders through the agent, so its track record stays its own';

const rupees = (paise: bigint) => `₹${paiseToRupees(paise).toLocaleString('en-IN')}`;

type Who = AccountRef & { kind?: string; agentTokenId?: string };

/**
 * The agent sandbox's rules on every order of an agent portfolio (issue 27): only its token may
 * trade it, within its budget, and not once the day's loss has reached its limit. Orders of other
 * portfolios go on to the next guard (the class rules).
 */
export class AgentGuard implements PlacementGuard {
  constructor(
    private readonly o: {
      db: Db;
      portfolio: PortfolioService;
      performance: PerformanceService;
      /** The guard for every other portfolio. */
      next?: PlacementGuard;
      /** The market's clock. */
      now: () => number;
    },
  ) {}

  async check(who: Who, order: Parameters<PlacementGuard['check']>[1], tx?: DbOrTx): Promise<void> {
    const db = tx ?? this.o.db;
    // An order placed on an account alone (a GTT firing) is the agent's when the account is.
    const unresolved =
      who.kind === undefined ? await agentTokensRepository.byAccount(db, who.accountId) : undefined;
    if (who.kind !== 'agent' && !unresolved) return this.o.next?.check(who, order, tx);
    if (!unresolved && !who.agentTokenId)
      throw new AppError(409, 'AGENT_PORTFOLIO', AGENT_PORTFOLIO_MANUAL_MESSAGE);
    const token = unresolved ?? (await agentTokensRepository.byId(db, who.agentTokenId!));
    if (!token || token.revokedAt) throw new AppError(409, 'AGENT_REVOKED', 'This agent token is revoked');
    if (token.dailyLossLimitPaise !== null && !tx) await this.checkLoss(who, token);
    if (order.intent.side === 'BUY') await this.checkBudget(db, who, token, order);
  }

  private async checkBudget(
    db: DbOrTx,
    who: Who,
    token: AgentTokenRow,
    order: Parameters<PlacementGuard['check']>[1],
  ): Promise<void> {
    const { intent, marketPricePaise, replacing } = order;
    const pricePaise = intent.limitPricePaise ?? intent.triggerPricePaise ?? marketPricePaise;
    const committed = await agentExposureRepository.committedPaise(db, who.accountId);
    // A modification replaces a resting buy already counted in `committed`.
    const replaced = BigInt(replacing ?? 0) * pricePaise;
    const exposure = committed - replaced + BigInt(intent.quantity) * pricePaise;
    if (exposure <= token.budgetPaise) return;
    throw new AppError(
      422,
      'AGENT_BUDGET',
      `This order would take the agent's exposure to ${rupees(exposure)}, over this agent's budget of ${rupees(token.budgetPaise)}`,
    );
  }

  /** Portfolio value now against its value when the IST day began (yesterday's close, or the opening cash). */
  private async checkLoss(who: Who, token: AgentTokenRow): Promise<void> {
    const limit = token.dailyLossLimitPaise!;
    const today = istDayNumber(this.o.now());
    const { points } = await this.o.performance.performance(who, '1W');
    const before = points.filter((p) => istDayNumber(Date.parse(`${p.date}T12:00:00+05:30`)) < today);
    const last = before[before.length - 1];
    const startPaise = last ? rupeesToPaise(last.portfolioValue) : token.budgetPaise;
    const { figures } = await this.o.portfolio.figures(who);
    const loss = startPaise - rupeesToPaise(figures.totalValue);
    if (loss < limit) return;
    throw new AppError(
      422,
      'AGENT_LOSS_LIMIT',
      `Today's loss of ${rupees(loss)} has reached this agent's daily loss limit of ${rupees(limit)}: no new orders until tomorrow`,
    );
  }

  refusedInside(error: unknown): Promise<void> {
    return this.o.next?.refusedInside(error) ?? Promise.resolve();
  }

  placed(who: AccountRef, order: Order, note: string | undefined): Promise<void> {
    return this.o.next?.placed(who, order, note) ?? Promise.resolve();
  }
}
