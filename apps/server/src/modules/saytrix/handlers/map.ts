import type { SaytrixIntent } from '@nivesh/shared';
import { alert } from './alert.js';
import { cash } from './cash.js';
import { chart } from './chart.js';
import { compare } from './compare.js';
import { explain } from './explain.js';
import { fees } from './fees.js';
import { gtt } from './gtt.js';
import { habits } from './habits.js';
import { holding } from './holding.js';
import { indexLevel } from './index-level.js';
import { journal } from './journal.js';
import { leaderboard } from './leaderboard.js';
import { movers } from './movers.js';
import { navigate } from './navigate.js';
import { news } from './news.js';
import { options } from './options.js';
import { orders } from './orders.js';
import { portfolio } from './portfolio.js';
import { quote } from './quote.js';
import { sectors } from './sectors.js';
import { clarify, greeting, help, unknown } from './talk.js';
import { trade } from './trade.js';
import { transactions } from './transactions.js';
import { watchlist } from './watchlist.js';
import { why } from './why.js';
import type { Handler } from './types.js';

/** One handler per intent; the Record type makes a missing intent a compile error. */
export const HANDLERS: Record<SaytrixIntent, Handler> = {
  quote,
  index: indexLevel,
  movers,
  portfolio,
  holding,
  cash,
  orders,
  transactions,
  navigate,
  buy: trade,
  sell: trade,
  watchlist,
  news,
  explain,
  fees,
  compare,
  chart,
  alert,
  greeting,
  help,
  gtt,
  journal,
  habits,
  leaderboard,
  sectors,
  why,
  options,
  clarify,
  unknown,
};
