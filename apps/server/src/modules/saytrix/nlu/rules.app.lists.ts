import type { Parsed } from '../saytrix.parsed.js';
import { readTrade } from './slots.js';
import { readAlertLevel, readGttLevel } from './rules.levels.js';
import type { RuleState } from './rules.app.js';
import { QUESTION, REMOVE, CHANGE, ADD, ALERT_WORDS } from './rules.app.words.js';

/** Cash, GTTs, price alerts and the watchlist. Part of appRules, which runs these groups in order. */
export function listRules(s: RuleState): Parsed | undefined {
  const { text, masked, parsed } = s;
  const question = QUESTION.test(text);

  // "can I afford 10 TCS?": a cash question with the trade's size.
  if (
    /\b(funds?|cash|money|balance) (available|left)\b|\bavailable (funds|cash|balance)\b/.test(masked) ||
    (/\b(how much|kitna)\b/.test(masked) &&
      /\b(money|cash|funds|paisa|rupees)\b/.test(masked) &&
      /\b(have|left|hai|got)\b/.test(masked) &&
      !/\b(made|make|earned|earn|lost|lose|gained|profit|loss)\b/.test(masked) &&
      !s.stockSymbols.length)
  )
    return { ...parsed, intent: 'cash' };

  // "how much money can i still invest", "how much can i spend today": the free cash.
  if (
    !s.stockSymbols.length &&
    /\bhow much (more )?(money |cash |funds |rupees )?(can|could|may) i (still |now |yet )?(invest|spend|use|deploy|trade with|put in|buy)\b/.test(
      masked,
    )
  )
    return { ...parsed, intent: 'cash' };
  if (/\b(afford|enough (cash|money|funds|balance))\b/.test(masked)) {
    readTrade(masked, parsed);
    parsed.intent = 'cash';
    return parsed;
  }

  if (/\b(gtts?|good till triggered|good til triggered)\b/.test(masked)) {
    if (/^(what is|what's|what are|explain|meaning|define)\b|^what does .*\bmean\b/.test(text))
      return { ...parsed, intent: 'explain', concept: 'gtc-day' };
    parsed.intent = 'gtt';
    parsed.op = REMOVE.test(masked)
      ? 'delete'
      : CHANGE.test(masked) || (/\b(kar do|kardo|karo|kar dijiye)\b/i.test(s.original) && /\d/.test(masked))
        ? 'change'
        : (/\b(set|create|place|lagao|new|buy|sell|add)\b/.test(masked) ||
              (/\b(stop ?loss|stop-loss)\b/.test(masked) && /\d/.test(masked))) &&
            !question
          ? 'create'
          : 'list';
    if (parsed.op !== 'list') {
      readTrade(masked, parsed);
      readGttLevel(masked, parsed);
      parsed.imperative = !question;
    }
    return parsed;
  }

  // "when tcs goes below 3000 let me know": the instruction may close the sentence.
  const alertWords =
    ALERT_WORDS.test(masked) ||
    (/^(when|if|once|jab)\b/.test(text) && /\b(let me know|tell me|inform me)$/.test(masked));
  if (alertWords && !/\b(notifications?)\b/.test(masked)) {
    parsed.intent = 'alert';
    if (!s.hasStock && s.refersBack) s.useContext();
    if (REMOVE.test(masked)) parsed.op = 'delete';
    else if (
      /\d/.test(masked) &&
      (CHANGE.test(masked) ||
        // "tcs wala alert 3900 kar do": the alert already there, made N.
        /\b(alert ko|(wala|waala|wali|vala) alert)\b.*\b(kar do|karo|kardo|kar dijiye)\b/i.test(s.original))
    )
      parsed.op = 'change';
    else if (/^(is there|are there|do i have|have i (set|got)|any)\b/.test(text) && !/\d/.test(masked))
      parsed.op = 'list';
    else if (
      /\b(my|all|list|show|what|which|any|pending|active)\b/.test(masked) &&
      /\balerts\b|\bmy alert\b/.test(masked) &&
      !/\d/.test(masked)
    )
      parsed.op = 'list';
    else parsed.op = 'create';
    if (parsed.op === 'create' || parsed.op === 'change') readAlertLevel(masked, parsed);
    // "when wipro falls to 300, alert me": a "when" clause with an instruction is not a question.
    // "… mujhe alert karna", "… alert kar dena": the Hinglish instruction closes the sentence.
    const instructs =
      /\b(alert me|notify me|remind me|ping me|tell me|let me know|inform me)\b/.test(masked) ||
      /\b(mujhe|mujhko|muje)\b.*\b(alert|bata|batana|bata dena|notify)\b|\balert (karna|kar dena|kardena|kar do|karo|bhejna|bhej dena|de dena|dena)\b/i.test(
        s.original,
      ) ||
      /^(when|if|once)\b.*\balert$/.test(masked);
    parsed.imperative =
      parsed.op !== 'list' && (!question || instructs || /^(can|could|will) you\b/.test(text));
    parsed.needsStock = parsed.op !== 'list' && parsed.symbols.length === 0;
    return parsed;
  }

  if (
    /\bwatchlists?\b/.test(text) ||
    // "how many stocks am i watching": the list.
    (/\b(am i|i am|i'm) (watching|tracking|following)\b/.test(masked) && !s.hasStock) ||
    (/^(watch|track|follow|unwatch|untrack|stop tracking|stop watching) /.test(text) && s.hasStock) ||
    // "i don't want to track hdfc bank anymore": stop watching it.
    (/\b(don't|dont|do not|no longer) (want to )?(track|watch|follow)\b/.test(masked) && s.hasStock)
  ) {
    parsed.intent = 'watchlist';
    if (
      !s.hasStock &&
      /^(open|go to|goto|take me to|navigate to|switch to|visit|launch|jump to)\b/.test(text)
    )
      return { ...parsed, intent: 'navigate', path: '/watchlist' };
    // "remove it from my watchlist" right after a quote: "it" is the stock just shown.
    if (REMOVE.test(masked) && (s.hasStock || s.refersBack)) parsed.op = 'remove';
    else if (ADD.test(masked) && (s.hasStock || s.refersBack) && !/^(is|are|does|do)\b/.test(text))
      parsed.op = 'add';
    else parsed.op = 'list';
    if (parsed.op !== 'list') {
      if (!s.hasStock && s.refersBack) s.useContext();
      parsed.needsStock = parsed.symbols.length === 0 && !parsed.ambiguous;
      parsed.imperative = !question;
    }
    return parsed;
  }
  return undefined;
}
