import { FIGURES } from '@nivesh/shared';
import { inr } from '../saytrix.format.js';
import { nowAsOf } from './phrasing.js';
import type { Handler } from './types.js';

export const cash: Handler = async ({ userId, expert }, d) => {
  const account = await d.tools.account(userId);
  const lines = [`You have **${inr(account.availableCash)}** available to trade.`];
  if (account.reserved > 0)
    lines.push(
      `${inr(account.reserved)} is reserved for pending orders, so your cash balance is ${inr(account.balance)}.`,
    );
  if (expert)
    lines.push(
      `${FIGURES.holdingsValue.name} ${inr(account.portfolioValue)} (${FIGURES.invested.name.toLowerCase()} ${inr(account.totalInvested)}).`,
    );
  lines.push(nowAsOf(d));
  return {
    intent: 'cash',
    response: lines.join('\n\n'),
    suggestions: ['Portfolio analysis', 'Show my orders', "What are today's top gainers?"],
  };
};
