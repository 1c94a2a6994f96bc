import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountService } from './account.service.js';
import { accountRoutes } from './account.routes.js';
import type { RewardsService } from './rewards.service.js';
import { rewardsRoutes } from './rewards.routes.js';
import type { TransactionsService } from './transactions.service.js';
import { transactionsRoutes } from './transactions.routes.js';
import type { PortfoliosService } from '../portfolios/portfolios.service.js';

/**
 * The spec's paths for the ledger module, outside its own /api/ledger prefix, answered by the same
 * handlers: /api/virtual-money/{daily-reward,login-reward,reset} and /api/transactions. Registered
 * at /api level.
 */
export const ledgerCompatRoutes: FastifyPluginAsyncZod<{
  services: {
    rewards: RewardsService;
    account: AccountService;
    transactions: TransactionsService;
    portfolios: PortfoliosService;
  };
}> = async (app, { services }) => {
  await app.register(rewardsRoutes, { prefix: '/virtual-money', services: { rewards: services.rewards } });
  await app.register(accountRoutes, { prefix: '/virtual-money', services: { account: services.account } });
  await app.register(transactionsRoutes, {
    prefix: '/transactions',
    services: { transactions: services.transactions, portfolios: services.portfolios },
  });
};
