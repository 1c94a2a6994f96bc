import type { Parsed } from '../saytrix.parsed.js';
import { readTrade } from './slots.js';
import { orderSide } from './rules.levels.js';
import type { RuleState } from './rules.app.js';
import { QUESTION, CHANGE } from './rules.app.words.js';

/** What I paid (the holding), orders to cancel, modify or list, and the journal. Part of appRules, which runs these groups in order. */
export function orderRules(s: RuleState): Parsed | undefined {
  const { text, masked, parsed } = s;
  const question = QUESTION.test(text);

  // "my average on itc", "avg buy price for sbi": the cost of what I hold, never a buy.
  if (
    s.stockSymbols.length &&
    ((/\bmy\b/.test(masked) && /\b(average|avg)\b/.test(masked)) ||
      /\b(average|avg) (buy|buying|purchase|cost|entry|holding)\b|\b(buy|purchase|entry|cost) (average|avg)\b/.test(
        masked,
      ))
  )
    return { ...parsed, intent: 'holding' };
  // "what did i pay for tcs", "my buying price of itc", "at what price did i buy infy": my cost, the holding.
  if (
    s.stockSymbols.length &&
    (/\b(what|how much) (did|have) i (pay|paid|spend|spent)\b|\b(price|rate) (did i|i) (pay|paid|buy|bought|got)\b/.test(
      masked,
    ) ||
      /\bmy (buy|buying|purchase|cost|entry) (price|rate|cost)\b|\bmy cost\b/.test(masked) ||
      /\bat what (price|rate) did i (buy|get|purchase)\b/.test(masked))
  )
    return { ...parsed, intent: 'holding' };

  // Orders: cancel / modify are instructions; otherwise a list or a status question.
  // "cancel that itc sell", "withdraw my pending buy": the order of that side, never a new trade of it.
  if (
    (/\border(s)?\b/.test(masked) &&
      /\b(cancel|cancil|withdraw|remove|delete|revoke|call off)\b/.test(masked)) ||
    (/\b(cancel|cancil|withdraw|revoke|call off|scrap)\b/.test(masked) &&
      /\b(buy|sell|sale|purchase|bid)\b/.test(masked))
  ) {
    parsed.intent = 'orders';
    parsed.op = 'cancel';
    orderSide(masked, parsed);
    parsed.imperative = !question;
    return parsed;
  }
  // "itc order ka price 480 kar do": the Hinglish "kar do" is gone after normalising; "order … price N" stays.
  const hinglishEdit = /\b(kar do|kardo|karo|kar dijiye)\b/i.test(s.original) && /\bprice \d/.test(masked);
  // "modify the itc sell limit to 470": an edit of the resting order, never a new sell.
  const pendingEdit =
    (/\b(pending|open|resting) (sell|buy)\b/.test(masked) && CHANGE.test(masked)) ||
    (/^(modify|change|edit|update|amend|revise)\b/.test(text) &&
      /\b(sell|buy|purchase)\b/.test(masked) &&
      /\b(limit|price|trigger|quantity|qty)\b/.test(masked));
  if (
    (/\border(s)?\b/.test(masked) || pendingEdit) &&
    (CHANGE.test(masked) || hinglishEdit) &&
    /\d/.test(masked)
  ) {
    parsed.intent = 'orders';
    parsed.op = 'modify';
    readTrade(masked, parsed);
    orderSide(masked, parsed);
    const qty = /\bquantity (?:to |of )?(\d+)\b|\bto (?:quantity )?(\d+) (?:shares?|quantity|units?)\b/.exec(
      masked,
    );
    if (qty) {
      parsed.quantity = Number(qty[1] ?? qty[2]);
      return { ...parsed, price: undefined, imperative: !question };
    }
    const at = /\bprice (?:to |at |of )?₹?\s?(\d+(?:\.\d+)?)\b/.exec(masked);
    if (at && parsed.price === undefined) parsed.price = Number(at[1]);
    const to = /\bto ₹?\s?(\d+(?:\.\d+)?)\b/.exec(masked);
    if (to && parsed.price === undefined) parsed.price = Number(to[1]);
    parsed.imperative = !question;
    return parsed;
  }

  // "money blocked in my open orders" asks for reserved cash, not the orders.
  if (
    /\bmy (\w+ )?orders\b/.test(masked) &&
    !s.stockSymbols.length &&
    !/\b(blocked|reserved|locked|tied up|executed|filled|completed)\b/.test(masked)
  ) {
    parsed.intent = 'orders';
    parsed.op = 'list';
    if (/\b(pending|open|unfilled|outstanding|active|resting)\b/.test(masked)) parsed.orderStatus = 'open';
    return parsed;
  }

  if (
    /\b(journal|journals|my notes|my trade notes)\b/.test(masked) ||
    // "what did i write about my itc buy", "notes on my trades": what the journal holds.
    /\b(did i write|i wrote|have i written|did i note)\b/.test(masked) ||
    /\bnotes?\b.*\b(trades?|buys?|sells?|fills?|purchases?)\b/.test(masked) ||
    /^why did i (buy|sell|sold|bought)\b/.test(masked) ||
    /\b(add|write|put) (a )?note\b|\bnote (on|to|for|in)\b/.test(masked)
  ) {
    parsed.intent = 'journal';
    const note =
      /(?:note|journal)[^:]*:\s*(.+)$/i.exec(s.original) ??
      /\b(?:note|write)\b(?: (?:on|to|for|in) [^,]+?)?(?: that| saying)? ([a-z].{3,})$/.exec(text);
    // "what did i write in my journal" reads it back; only an instruction adds a note.
    const readBack = question && !/:/.test(s.original) && /\b(what|did i|show|read)\b/.test(masked);
    if (!readBack && (/\b(add|write|put|note:|note that|save)\b/.test(masked) || note)) {
      parsed.op = 'note';
      if (note) parsed.note = note[1]!.trim();
      parsed.imperative = !question;
    } else parsed.op = 'list';
    return parsed;
  }
  return undefined;
}
