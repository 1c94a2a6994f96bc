import type { Parsed } from '../saytrix.parsed.js';
import { readDates } from './slots.js';
import type { RuleState } from './rules.app.js';

/** My P&L: the day's, the total and the realised. Part of appRules, which runs these groups in order. */
export function pnlRules(s: RuleState): Parsed | undefined {
  const { text, masked, parsed } = s;

  const mine = !s.stockSymbols.length && !/^(what is|what's|what are|explain|define|difference)\b/.test(text);
  // "how did my day go", "aaj mera din kaisa raha": my Day's P&L.
  if (
    mine &&
    /\bmy (trading )?day\b|\bhow did i do today\b|\bmy\b.*\bday went\b|\bday went\b.*\bmy\b/.test(masked)
  )
    return { ...parsed, intent: 'portfolio', scope: 'my', pnl: 'day' };
  // "todays p&l", "aaj mera kitna nuksaan hua", "what did i make today": my Day's P&L.
  if (
    mine &&
    !/^(explain|define|meaning)\b|\b(meaning|matlab|kya hota|mean)\b/.test(text) &&
    /\b(today|todays|today's|aaj|day's|days)\b/.test(masked) &&
    /\b(pnl|p&l|nuksaan|nuksan|nuksaan|munafa|fayda|faida|kamai|kamaya|made|make|lost|lose|earned)\b/.test(
      masked,
    ) &&
    !/\b(market|nifty|sensex|stocks|shares|gainers?|losers?|sector|index)\b/.test(masked)
  )
    return { ...parsed, intent: 'portfolio', scope: 'my', pnl: 'day' };
  // "total profit including what i sold": the Total P&L, which includes realised.
  if (
    mine &&
    (/\b(profit|pnl|p&l|returns?|gains?|made|earned|make|earn)\b.*\b(including|incl|with|plus)\b.*\b(sold|booked|realised|realized|exited)\b/.test(
      masked,
    ) ||
      // "how much have i made overall", "what have i earned so far": everything, sold or held.
      (/\b(how much|what)\b.*\b(have i|i have|i've|did i)\b.*\b(made|earned|gained|lost)\b/.test(masked) &&
        !/\b(trades?|orders?|transactions?|buys|sells)\b/.test(masked) &&
        /\b(overall|in total|altogether|so far|till now|till date|since i started|all time|in all)\b/.test(
          masked,
        )))
  )
    return { ...parsed, intent: 'portfolio', scope: 'my', pnl: 'total' };
  // "how much did i make from the shares i sold": the Realised P&L, not the list of sales.
  if (
    mine &&
    /\b(book|booked|make|made|earn|earned|gain|gained|lose|lost)\b.*\b(from|on|by|in)\b.*\b(sold|selling|exited|sales)\b/.test(
      masked,
    )
  )
    return { ...parsed, intent: 'portfolio', scope: 'my', pnl: 'realised' };
  if (
    /\b(realised|realized|booked)\b/.test(masked) &&
    /\b(pnl|profit|loss|gains?)\b/.test(masked) &&
    !s.stockSymbols.length &&
    // "realised vs unrealised profit kya hota hai" asks what the words mean.
    !/\b(kya hota|kya hote|matlab|meaning|means?|difference|vs|versus|explain|define)\b/.test(text) &&
    !/^(what is|what's|what are|explain|define|difference)\b/.test(text)
  ) {
    readDates(text, s.now, parsed);
    return { ...parsed, intent: 'portfolio', pnl: 'realised', scope: 'my' };
  }
  return undefined;
}
