import type { Parsed } from '../saytrix.parsed.js';
import { screenRules } from './rules.app.screens.js';
import { listRules } from './rules.app.lists.js';
import { orderRules } from './rules.app.orders.js';
import { marketRules } from './rules.app.market.js';
import { pnlRules } from './rules.app.pnl.js';

export { QUESTION } from './rules.app.words.js';

/** What the ordered rules know about the message when the app rules run. */
export interface RuleState {
  /** The message as typed (a journal note keeps the user's words). */
  original: string;
  text: string;
  /** The text with stock names replaced by STOCK. */
  masked: string;
  parsed: Parsed;
  hasStock: boolean;
  stockSymbols: string[];
  refersBack: boolean;
  useContext: () => void;
  now: Date;
}

/**
 * The list-and-change intents (orders, alerts, watchlist, GTT, journal) and the app's other screens.
 * The groups run in this order and the first answer wins: the order is part of the grammar.
 */
export function appRules(s: RuleState): Parsed | undefined {
  return screenRules(s) ?? listRules(s) ?? orderRules(s) ?? marketRules(s) ?? pnlRules(s);
}
