import type { AgentToolName } from '@nivesh/shared';
import { AppError } from '../../lib/errors.js';
import type { AlertsService } from '../alerts/alerts.service.js';
import type { GttService } from '../gtt/gtt.service.js';
import type { MarketService } from '../market/market.service.js';
import type { NewsService } from '../news/news.service.js';
import type { OrderCommandsService } from '../orders/order-commands.service.js';
import type { OrderQueriesService } from '../orders/order-queries.service.js';
import type { FillsService } from '../portfolio/fills.service.js';
import type { PortfolioService } from '../portfolio/portfolio.service.js';
import type { AgentApprovalsService } from './agent-approvals.service.js';
import type { AgentSession } from './agent-tokens.service.js';

/** The app's services a tool may call, always with the token's own agent portfolio. */
export interface AgentToolDeps {
  orders: OrderCommandsService;
  orderQueries: OrderQueriesService;
  gtt: GttService;
  market: MarketService;
  news: NewsService;
  alerts: AlertsService;
  portfolio: PortfolioService;
  fills: FillsService;
  approvals: AgentApprovalsService;
}

/** What a tool answers: its data for the agent, and what the audit log keeps. */
export interface ToolResult {
  data: unknown;
  summary: string;
  outcome?: 'ok' | 'awaiting_approval';
  /** Cash the call moved, signed (a buy's fill is negative); null when none. */
  ledgerEffectPaise?: bigint | null;
}

export type ToolHandler = (session: AgentSession, args: never, deps: AgentToolDeps) => Promise<ToolResult>;
export type ToolTable = Partial<Record<AgentToolName, ToolHandler>>;

/** A refusal the agent reads as the tool's error (never an HTTP error). */
export const refuse = (message: string, code = 'AGENT_REFUSED') => new AppError(422, code, message);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids here are UUIDs; anything else is simply not found (and never reaches a query). */
export function idOf(value: string | number, what: string): string {
  const id = String(value).trim();
  if (!UUID.test(id)) throw new AppError(404, 'NOT_FOUND', `${what} not found`);
  return id;
}

/** The first message of a failed Nivesh schema check, as the refusal. */
export function parsed<T>(
  result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } },
): T {
  if (result.success) return result.data;
  throw refuse(result.error.issues[0]?.message ?? 'Invalid arguments', 'VALIDATION_ERROR');
}
