import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from './config/env.js';
import type { Database } from './db/database.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { instanceRoutes } from './modules/instance/instance.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { liveChartsRoutes, stocksRoutes } from './modules/market/market.routes.js';
import { alertsRoutes } from './modules/alerts/alerts.routes.js';
import { gttRoutes } from './modules/gtt/gtt.routes.js';
import { watchlistsRoutes } from './modules/watchlists/watchlists.routes.js';
import { journalRoutes } from './modules/journal/journal.routes.js';
import { insightsRoutes } from './modules/insights/insights.routes.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { portfoliosRoutes } from './modules/portfolios/portfolios.routes.js';
import { ordersCompatRoutes } from './modules/orders/orders.compat.routes.js';
import { chargesRoutes } from './modules/orders/charges.routes.js';
import { portfolioAccountRoutes, portfolioRoutes } from './modules/portfolio/portfolio.routes.js';
import { portfolioCompatRoutes } from './modules/portfolio/portfolio.compat.routes.js';
import { performanceRoutes } from './modules/portfolio/performance.routes.js';
import { statsRoutes } from './modules/portfolio/stats.routes.js';
import { rewardsRoutes } from './modules/ledger/rewards.routes.js';
import { accountRoutes } from './modules/ledger/account.routes.js';
import { transactionsRoutes } from './modules/ledger/transactions.routes.js';
import { ledgerCompatRoutes } from './modules/ledger/ledger.compat.routes.js';
import { newsRoutes } from './modules/news/news.routes.js';
import { saytrixRoutes } from './modules/saytrix/saytrix.routes.js';
import { leaderboardRoutes } from './modules/leaderboard/leaderboard.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { replayRoutes } from './modules/replay/replay.routes.js';
import { classesRoutes } from './modules/classes/classes.routes.js';
import { classStudentsRoutes } from './modules/classes/class-students.routes.js';
import { classAssignmentsRoutes } from './modules/classes/class-assignments.routes.js';
import { agentRoutes } from './modules/agent/agent.routes.js';
import { optionsRoutes } from './modules/options/options.routes.js';
import type { AppServices } from './services.js';

/** Every `/api` route plugin, each given the services it needs; registered in this order. */
export const apiRoutes: FastifyPluginAsync<{
  services: AppServices;
  config: AppConfig;
  database: Database;
}> = async (api, { services, config, database }) => {
  await api.register(healthRoutes, { database, version: config.version });
  await api.register(instanceRoutes, {
    settings: {
      publicLeaderboard: config.publicLeaderboard ?? true,
      virtualCashLabel: config.virtualCashLabel ?? 'virtual cash',
      agentSandbox: config.agentMcpEnabled ?? false,
    },
  });
  const {
    auth,
    sessions,
    twoFactor,
    google,
    users,
    contact,
    notifications,
    market,
    watchlists,
    orders,
    orderQueries,
    orderPreview,
    charges,
    portfolio,
    rewards,
    account,
    transactions,
    performance,
    stats,
    journal,
    insights,
    alerts,
    gtt,
    news,
    saytrix,
    leaderboard,
    reports,
    replays,
    portfolios,
    classes,
    classStandings,
    classStudents,
    classAssignments,
  } = services;
  await api.register(authRoutes, {
    prefix: '/auth',
    services: { auth, sessions, twoFactor, google, users },
    rateLimitPerMinute: config.authRateLimitPerMinute,
  });
  await api.register(usersRoutes, { prefix: '/user', services: { users } });
  await api.register(contactRoutes, { prefix: '/contact', services: { contact } });
  await api.register(notificationsRoutes, { prefix: '/notifications', services: { notifications } });
  await api.register(stocksRoutes, { prefix: '/stocks', services: { market, replays } });
  await api.register(liveChartsRoutes, { prefix: '/live-charts', services: { market, replays } });
  await api.register(replayRoutes, { prefix: '/replays', services: { replays } });
  await api.register(watchlistsRoutes, { prefix: '/watchlist', services: { watchlists } });
  // Orders, portfolio and ledger each own a prefix; their compat plugins answer the spec's
  // older paths (/api/virtual-money/*, /api/transactions) with the same handlers.
  await api.register(ordersRoutes, {
    prefix: '/orders',
    services: { orders, orderQueries, orderPreview, portfolios },
  });
  await api.register(ordersCompatRoutes, { services: { orders, portfolios } });
  await api.register(portfoliosRoutes, { prefix: '/portfolios', services: { portfolios } });
  await api.register(classesRoutes, { prefix: '/classes', services: { classes, classStandings } });
  await api.register(classStudentsRoutes, { prefix: '/classes', services: { classStudents } });
  await api.register(classAssignmentsRoutes, { prefix: '/classes', services: { classAssignments } });
  await api.register(chargesRoutes, { prefix: '/charges', services: { charges } });
  await api.register(portfolioRoutes, { prefix: '/portfolio', services: { portfolio, portfolios } });
  await api.register(portfolioAccountRoutes, {
    prefix: '/portfolio',
    services: { portfolio, portfolios },
  });
  await api.register(performanceRoutes, { prefix: '/portfolio', services: { performance, portfolios } });
  await api.register(statsRoutes, { prefix: '/portfolio', services: { stats, portfolios } });
  await api.register(portfolioCompatRoutes, { services: { portfolio, portfolios } });
  await api.register(rewardsRoutes, { prefix: '/ledger', services: { rewards } });
  await api.register(accountRoutes, { prefix: '/ledger', services: { account } });
  await api.register(transactionsRoutes, {
    prefix: '/ledger/transactions',
    services: { transactions, portfolios },
  });
  await api.register(ledgerCompatRoutes, { services: { rewards, account, transactions, portfolios } });
  await api.register(journalRoutes, { prefix: '/trades', services: { journal, portfolios } });
  await api.register(insightsRoutes, { prefix: '/insights', services: { insights, portfolios } });
  await api.register(alertsRoutes, { prefix: '/alerts', services: { alerts, portfolios } });
  await api.register(gttRoutes, { prefix: '/gtt', services: { gtt, portfolios } });
  await api.register(newsRoutes, { prefix: '/news', services: { news } });
  await api.register(optionsRoutes, {
    prefix: '/options',
    services: { options: services.options, portfolios },
  });
  await api.register(saytrixRoutes, {
    prefix: '/saytrix',
    services: { saytrix },
    rateLimitPerMinute: config.saytrixRateLimitPerMinute ?? 30,
  });
  await api.register(leaderboardRoutes, { prefix: '/leaderboard', services: { leaderboard } });
  await api.register(reportsRoutes, { prefix: '/reports', services: { reports, portfolios } });
  // Off unless AGENT_MCP_ENABLED: then /api/agent/* does not exist (404), like /mcp.
  if (config.agentMcpEnabled) await api.register(agentRoutes, { prefix: '/agent', services: services.agent });
};
