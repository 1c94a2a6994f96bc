import type { Db } from '../../db/database.js';
import type { GttService } from '../gtt/gtt.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { OrderCommandsService } from '../orders/order-commands.service.js';
import type { FillsService } from '../portfolio/fills.service.js';
import type { PerformanceService } from '../portfolio/performance.service.js';
import type { PortfoliosService } from '../portfolios/portfolios.service.js';
import { AgentApprovalsService } from './agent-approvals.service.js';
import { AgentAuditService } from './agent-audit.service.js';
import { AgentTokensService } from './agent-tokens.service.js';

export interface AgentServices {
  agentTokens: AgentTokensService;
  agentApprovals: AgentApprovalsService;
  agentAudit: AgentAuditService;
  /** For the /mcp trade tools (get_trades), which read the fills as every screen does. */
  fills: FillsService;
}

/** The agent sandbox's services (issue 27), built by the composition root on the shared ones. */
export function createAgentServices(deps: {
  db: Db;
  portfolios: PortfoliosService;
  orders: OrderCommandsService;
  gtt: GttService;
  notifications: NotificationsService;
  fills: FillsService;
  performance: PerformanceService;
}): AgentServices {
  const { db } = deps;
  const agentTokens = new AgentTokensService({
    db,
    portfolios: deps.portfolios,
    orders: deps.orders,
    gtt: deps.gtt,
  });
  return {
    fills: deps.fills,
    agentTokens,
    agentApprovals: new AgentApprovalsService({
      db,
      tokens: agentTokens,
      orders: deps.orders,
      notifications: deps.notifications,
    }),
    agentAudit: new AgentAuditService({
      db,
      tokens: agentTokens,
      fills: deps.fills,
      performance: deps.performance,
    }),
  };
}
