import type { Parsed } from '../saytrix.parsed.js';
import { ROUTES } from './lexicon.js';
import { detectConcept, readMetric } from './slots.js';
import type { RuleState } from './rules.app.js';
import { QUESTION, ORDER_DONE, SCREEN_ONLY } from './rules.app.words.js';

/** Screens to open, how-to questions, a stock's metric and the status of an order. Part of appRules, which runs these groups in order. */
export function screenRules(s: RuleState): Parsed | undefined {
  const { text, masked, parsed } = s;
  const question = QUESTION.test(text);

  // "open alerts", "go to the leader board", "open insights": a screen, before the screen's topic.
  if (
    /^(open|go to|goto|take me to|take me|navigate to|switch to|visit|jump to|show the|show me the)\b/.test(
      text,
    ) &&
    !s.stockSymbols.length
  ) {
    const route = ROUTES.find(([re]) => re.test(masked));
    const screenWord =
      /\b(page|screen|tab|section)\b/.test(text) ||
      /^(open|go to|goto|take me|navigate to|switch to|visit|jump to)\b/.test(text);
    // "open orders" is the orders still resting, not a command to open a screen.
    const openNoun = /^open (orders?|positions?)( list| please| now| right now)?$/.test(text);
    if (route && screenWord && !openNoun && !/\d/.test(masked))
      return { ...parsed, intent: 'navigate', path: route[1] };
  }
  // "journal kholo", "watchlist open karo": the screen named first, then the verb (Hindi word order).
  // "dashboard dikhao": a screen with no list of its own, shown.
  if (
    /^(\w+ ){1,3}(open|show)$/.test(text) &&
    // "nifty chart dikhao" is the index's chart, not the charts screen.
    !s.hasStock &&
    !/\b(orders?|positions?)\b/.test(text)
  ) {
    const route = ROUTES.find(([re]) => re.test(masked));
    // Only the screen's name may come before the verb ("my trading mistakes dikhao" is the habits).
    const rest = route
      ? masked
          .replace(route[0], ' ')
          .replace(/\b(my|the|page|screen|tab|open|show)\b/g, ' ')
          .trim()
      : 'x';
    if (route && !rest && (text.endsWith('open') || SCREEN_ONLY.has(route[1])))
      return { ...parsed, intent: 'navigate', path: route[1] };
  }
  // "habits page", "price alerts screen": a screen named as such.
  const screenOnly = /\b(page|screen|tab)$/.test(text) && !s.stockSymbols.length && !/\d/.test(masked);
  const screenRoute = screenOnly ? ROUTES.find(([re]) => re.test(masked)) : undefined;
  if (screenRoute) return { ...parsed, intent: 'navigate', path: screenRoute[1] };
  // "open infosys chart page": the stock's own page.
  if (
    s.stockSymbols.length === 1 &&
    /^(open|go to|goto|take me to|show)\b/.test(text) &&
    /\b(page|screen)$/.test(text)
  )
    return { ...parsed, intent: 'navigate', path: `/stock/${encodeURIComponent(s.stockSymbols[0]!)}` };
  if (/^(show |open )?(my )?notifications?( page)?$/.test(text))
    return { ...parsed, intent: 'navigate', path: '/notifications' };

  // "how do I place an order", "how to add a stock to my watchlist": how to use the app.
  if (
    /^(how (do|can|should) i|how to)\b/.test(text) &&
    !s.hasStock &&
    !detectConcept(masked) &&
    /\b(place|add|set|create|use|put|make|open|remove|delete|cancel)\b/.test(masked)
  )
    return { ...parsed, intent: 'help' };

  // "can i cancel an order after placing it", "could i modify orders": how the app works, not an instruction.
  if (
    !s.hasStock &&
    /^(can|could|may) i (cancel|modify|change|edit|amend) (an?|the|any)? ?(orders?|gtts?|alerts?)\b/.test(
      text,
    )
  )
    return { ...parsed, intent: 'help' };

  const metric = readMetric(masked);
  if (metric && s.stockSymbols.length) return { ...parsed, intent: 'quote', metric };

  // "did my sell order go through", "is my tcs order filled", "sell order status": a status question,
  // never a new order.
  const statusAsked = /\b(buy|sell|sale|purchase|order)s? (order )?status\b|\bstatus of (my|the)\b/.test(
    masked,
  );
  if (
    statusAsked ||
    ((/\b(did|has|have|is|was|were|hasn't|haven't|isn't|wasn't|why)\b/.test(text) || question) &&
      (/\b(order|buy|sell|sale|trade|purchase)\b/.test(masked) ||
        (s.stockSymbols.length > 0 && /\b(filled|executed)\b/.test(masked))) &&
      (ORDER_DONE.test(masked) ||
        // "is my itc sell order still open": a status question about a resting order.
        // "is the sell of 2 itc still waiting": the same, said with the trade's side.
        (/\b(order|buy|sell|sale|purchase)\b/.test(masked) &&
          /\b(still open|still pending|pending|open|stuck|waiting|unfilled|not filled|in queue)\b/.test(
            masked,
          ) &&
          s.stockSymbols.length > 0)) &&
      !/\bgtt\b/.test(masked))
  ) {
    parsed.intent = 'orders';
    parsed.op = 'status';
    if (/\bsell\b/.test(masked)) parsed.side = 'SELL';
    else if (/\b(buy|purchase)\b/.test(masked)) parsed.side = 'BUY';
    return parsed;
  }
  return undefined;
}
