import type { Parsed } from '../saytrix.parsed.js';
import { ROUTES } from './lexicon.js';
import { detectConcept, readDates, readMetric, readTrade } from './slots.js';
import { readSector } from './sectors.js';
import { orderSide, readAlertLevel, readGttLevel } from './rules.levels.js';

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

/** A question, not an instruction: "did…", "can I…", "should I…", "how do I…", "what happens if…". */
export const QUESTION =
  /^(did|do|does|can i|could i|should i|would i|shall i|is|are|was|were|has|have|how|what|why|when|where|whether|will i|which|kya)\b/;

const ORDER_DONE =
  /\b(go|gone|went|get|got) (through|executed|filled|done)\b|\b(executed|filled|completed|complete|done|placed|fill|execute|go through)\b/;
const REMOVE =
  /\b(remove|delete|drop|take off|untrack|unwatch|hatao|hata do|nikalo|get rid of|cancel|clear|off|don't want|dont want|do not want|no longer|stop tracking|stop watching|stop alerting|stop notifying|stop reminding)\b/;
const CHANGE =
  /\b(change|move|modify|update|edit|amend|revise|shift|raise|lower|reduce|increase|cut|bump|decrease|make the|make my|make that|make this|set it to|badlo|badal do)\b|\binstead of \d/;
const ADD = /\b(add|put|include|save|track|follow|insert|daal|rakh|watch)\b/;

/** A question about the cause of a stock's move: "why", "kyu", "what's behind", "what made it drop". */
const WHY =
  /\b(why|kyun|kyon|kyu|kyo|what happened to|reasons? (for|behind)|(what's|what is|whats) (behind|driving)|what (made|drove|caused|pushed|pulled|sent|dragged))\b|\b(explain|behind)\b.*\b(move|moves|jump|fall|drop|rally|rise|surge|crash|slump|spike|dip|selloff)\b/;

const ALERT_WORDS =
  /\b(alert|alerts|alerting|notifying|notify|remind|ping me|tell me when|let me know when|let me know if|inform me|tell me if)\b/;
/** Screens that are only places (no list of their own to read out). */
const SCREEN_ONLY = new Set([
  '/dashboard',
  '/settings',
  '/profile',
  '/reports',
  '/charts',
  '/trading',
  '/saytrix',
]);

/** The list-and-change intents (orders, alerts, watchlist, GTT, journal) and the app's other screens. */
export function appRules(s: RuleState): Parsed | undefined {
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

  if (
    /\b(habits?|aadat|aadatein|aadaten|aadton|win rate|hit rate|overtrad\w*|trading (insights?|behaviou?r|pattern|style|mistakes?)|holding period|insights|disciplined?|discipline|my (trading )?mistakes|mistakes i make|as a trader|kind of trader|(sell|selling|book|booking|exit|exiting) (my )?(winners|profits|gains) (too )?(early|soon|late)|(hold|holding) (on to )?(my )?(losers|losing (stocks|trades)) (too )?(long)?|cut (my )?losses)\b/.test(
      masked,
    )
  )
    return { ...parsed, intent: 'habits' };

  if (
    /\b(leaderboard|leader board|my rank|rank|ranking|top traders|mera rank|other (players|traders|users)|compare with others)\b/.test(
      masked,
    )
  )
    return { ...parsed, intent: 'leaderboard' };

  // "what moved my portfolio today", "why is my portfolio down": contribution per holding.
  if (
    /\bmy (portfolio|holdings|stocks)\b/.test(masked) &&
    /\b(moved|move|why|contribut\w*|drove|dragged|pulled)\b/.test(masked)
  )
    return { ...parsed, intent: 'portfolio', focus: 'contribution', scope: 'my' };

  // "why did it move" right after a quote: "it" is the stock just shown.
  if (WHY.test(masked) && !s.hasStock && s.refersBack && !/\bmy\b/.test(masked)) s.useContext();
  if (WHY.test(masked) && (s.stockSymbols.length || parsed.fromContext)) return { ...parsed, intent: 'why' };

  // "stocks at a 52 week high", "which shares hit 52-week lows today": a market screen, not the term.
  if (
    !s.stockSymbols.length &&
    /\b(52|fifty two)[ -]?(week|wk|weeks) (high|low)s?\b/.test(masked) &&
    /\b(stocks|shares|companies|names|which|who|what's|whats|hitting|hit|at|near|touching|making|made|list|show|any|today)\b/.test(
      masked,
    ) &&
    !/^(what is|what's|what are|explain|define|meaning)( a| an| the)? (52|fifty)/.test(masked) &&
    !/\bmy\b/.test(masked)
  )
    return {
      ...parsed,
      intent: 'movers',
      scope: 'market',
      metric: '52w',
      movers: /\blows?\b/.test(masked) ? 'losers' : 'gainers',
    };
  const sector = readSector(masked);
  if (
    sector &&
    !s.stockSymbols.length &&
    !/\b(news|headlines?)\b/.test(masked) &&
    (/\b(sector|sectors|stocks|shares|companies|names|space|industry)\b|^\w+$/.test(masked) ||
      /^how (are|is) (the )?(banks|it|pharma|auto|metals?|fmcg|realty)\b/.test(masked) ||
      // "how did fmcg do today", "top movers in pharma", "auto up or down": the sector's move.
      (/\b(how (are|is|did|have|has)|doing|did|today|performance|performing|performed|up or down|update|haal|trend|moving|moved|movers|gainers|losers|top|best|worst|rally|rallied|fell|rose|kaisa)\b/.test(
        masked,
      ) &&
        !/\b(buy|sell|my|holiday|holidays)\b/.test(masked)))
  ) {
    parsed.sector = sector;
    // NIFTY IT / NIFTY BANK are the sector's own index; the handler may quote it beside the movers.
    if (sector === 'Information Technology') parsed.symbols = ['NIFTYIT'];
    else if (/\bbank/.test(masked)) parsed.symbols = ['NIFTYBANK'];
    parsed.intent = 'sectors';
    parsed.scope = 'market';
    return parsed;
  }
  if (
    /\b(sectors?|sectoral)\b/.test(masked) &&
    !s.stockSymbols.length &&
    !/\b(news|headlines?)\b/.test(masked)
  )
    return { ...parsed, intent: 'sectors', scope: 'market' };

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
