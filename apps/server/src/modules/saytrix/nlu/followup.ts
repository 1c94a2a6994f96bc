import type { Normalised } from '../saytrix.normalise.js';
import type { FollowUpSlot, LastTurn, Parsed, SaytrixContext } from '../saytrix.parsed.js';
import type { StockFinder } from '../saytrix.stocks.js';
import { readSector } from './sectors.js';
import { detectPeriod, readDates } from './slots.js';

/** Intents whose answer is about one stock, so "and TCS?" asks the same about TCS. */
const STOCK_QUERIES = new Set(['quote', 'holding', 'news', 'chart', 'why', 'fees']);
/** Intents whose last turn may carry a proposal that a follow-up edits. */
const PROPOSALS = new Set(['buy', 'sell', 'alert', 'gtt', 'orders', 'watchlist']);
/** Intents with a period or date range. */
const PERIODIC = new Set([
  'transactions',
  'chart',
  'portfolio',
  'orders',
  'journal',
  'habits',
  'movers',
  'sectors',
]);

/** The previous turn as a Parsed, ready to edit. */
function fromLast(last: LastTurn, text: string): Parsed {
  const { from, to, action: _action, ...rest } = last;
  return {
    ...rest,
    symbols: [...last.symbols],
    from: from ? new Date(from) : undefined,
    to: to ? new Date(to) : undefined,
    text,
  };
}

function edited(parsed: Parsed, last: LastTurn, slots: FollowUpSlot[]): Parsed {
  // An edit of a proposal is still an instruction; an edit of a question stays a question.
  const imperative = Boolean(last.action) && PROPOSALS.has(last.intent);
  return { ...parsed, followUp: { edited: slots }, imperative: imperative || undefined, fromContext: true };
}

/**
 * Follow-ups that edit the last turn (`context.last`): "make it 10", "change it to 2500", "the same
 * for Infosys", "what about last week", "sell half of it", "and TCS?". Returns undefined when the
 * message is not a follow-up of the last turn.
 */
export function followUp(
  n: Normalised,
  context: SaytrixContext,
  finder: StockFinder,
  now: Date,
): Parsed | undefined {
  const last = context.last;
  if (!last) return undefined;
  const text = n.text;
  const base = fromLast(last, text);

  // "make it 10", "change it to 2500", "make the alert 2500", "make that 15 shares", "nahi, 3 kar do".
  const number =
    /^(?:ok |okay |no |nahi |nahin |actually )?(?:(?:make|change|set|update|modify)(?: it| that| this| (?:the|its) (?:alert|order|quantity|qty|price|level|gtt|trigger))?(?: to| at)? ₹?\s?(\d+(?:\.\d+)?)(?: shares?| rupees)?(?: limit(?: order)?)?|(\d+(?:\.\d+)?)(?: shares?)? (?:kar do|kardo|karo|kar dijiye))$/.exec(
      text,
    ) ??
    // "nahi, 3 kar do" reads "nahi 3" once the filler is gone: a correction with a bare number.
    /^(?:no|nahi|nahin|actually|no no)(?: make it)? ()(\d+(?:\.\d+)?)(?: shares?)?$/.exec(text);
  if (number) return numberEdit(Number(number[1] || number[2]), text, base, last);

  // "at 150 instead", "@ 150": the price of the last order proposal.
  const price =
    /^(?:no |actually |ok )?at ₹?\s?(\d+(?:\.\d+)?)(?: limit(?: order| price)?)?(?: instead| then)?$/.exec(
      text,
    );
  if (price && (last.intent === 'buy' || last.intent === 'sell'))
    return edited({ ...base, price: Number(price[1]), orderType: 'LIMIT' }, last, ['price']);

  // "no wait, remove it", "undo that": the opposite of the proposal just made.
  if (/^(?:no |wait |no wait |actually |oh )*(remove|delete|undo|cancel) (it|that|this)$/.test(text)) {
    // After a list or status of orders, "cancel it" asks to cancel that order (a confirmed proposal).
    if (last.intent === 'orders' && /\bcancel\b/.test(text))
      return { ...edited({ ...base, op: 'cancel' }, last, ['op']), imperative: true };
    if (last.intent === 'watchlist' && last.op === 'add')
      return { ...edited({ ...base, op: 'remove' }, last, ['op']), imperative: true };
    if (last.intent === 'alert' && (last.op === 'create' || last.op === 'change'))
      return { ...edited({ ...base, op: 'delete' }, last, ['op']), imperative: true };
  }

  // "and realised?", "what about unrealised": the other P&L of a portfolio answer.
  const pnl =
    /^(?:and |what about |how about |only )?(realised|realized|unrealised|unrealized|total|day's|today's)(?: pnl| profit| one)?$/.exec(
      text,
    );
  if (pnl && (last.intent === 'portfolio' || last.intent === 'holding')) {
    const word = pnl[1]!;
    const which = /^un/.test(word)
      ? 'unrealised'
      : /^real/.test(word)
        ? 'realised'
        : word === 'total'
          ? 'total'
          : 'day';
    return edited({ ...base, pnl: which, scope: 'my' }, last, ['pnl']);
  }

  // "sell half of it", "sell all of them", "buy 5 more of it".
  const portion =
    /^(?:actually |ok |then |no |now )?(sell|buy) (half|all|quarter|a quarter)(?: of)?(?: it| them| that| those| my shares| of it)?$/.exec(
      text,
    );
  if (portion && last.symbols.length) {
    const side = portion[1] === 'sell' ? 'SELL' : 'BUY';
    const fraction = portion[2] === 'half' ? 'half' : portion[2] === 'all' ? 'all' : 'quarter';
    return {
      ...fromLast({ intent: side === 'SELL' ? 'sell' : 'buy', symbols: last.symbols.slice(0, 1) }, text),
      side,
      fraction,
      followUp: { edited: ['fraction', 'side'] },
      imperative: true,
      fromContext: true,
    };
  }

  // "what about last week", "and pichle mahine?", "same for last month".
  const periodAsk =
    /^(?:and|what about|how about|same for|aur|or|and for|for|make it|change it to|change to)? ?(.+)$/.exec(
      text,
    );
  if (periodAsk && PERIODIC.has(last.intent) && text.split(' ').length <= 6) {
    const probe: Parsed = { intent: last.intent, symbols: [], text };
    readDates(periodAsk[1]!, now, probe);
    const period = detectPeriod(periodAsk[1]!);
    // The whole message is a time phrase ("what about last week", "show 1 year"), nothing else.
    const onlyTime =
      /^(?:and |what about |how about |same for |aur |and for |for |show |show me |now |then |make it |change it to |change to )?(?:the |for the )?(?:(?:last|this|past|previous|pichle|pichhle) (?:\d+ )?(?:years?|months?|weeks?|days?|quarter|mahine|hafte|saal)|yesterday|today|kal|aaj|(?:\d+|one|a) (?:years?|months?|weeks?|days?)|since [a-z0-9]+|in [a-z]+)(?: instead| then| please)?$/.test(
        text,
      );
    if (onlyTime && (probe.from || period))
      return edited({ ...base, from: probe.from, to: probe.to, period: period ?? base.period }, last, [
        'period',
      ]);
  }

  // "and pharma?" after a sector question: the same question for that sector.
  const other = /^(?:and|what about|how about|aur|and the|what about the)? ?(.+?)(?: sector| stocks)?$/.exec(
    text,
  );
  const sector = other && last.intent === 'sectors' ? readSector(other[1]!) : undefined;
  if (sector && text.split(' ').length <= 5)
    return { ...edited({ ...base, sector, symbols: [] }, last, ['sector']), imperative: undefined };

  // "and the low?" after a 52-week high: the same figure set for the same stock.
  if (/^(?:and |what about |how about )?(?:the )?(high|low|52 week (high|low))$/.test(text) && last.metric)
    return { ...edited(base, last, ['metric']), imperative: undefined };

  const product = productEdit(text, last, base, finder, n);
  if (product) return product;
  const swapped = swapEdit(text, last, base, finder, n);
  if (swapped) return swapped;

  // "the same for Infosys", "and TCS?", "what about infy", "how about wipro", "what about itc in it".
  const same =
    /^(?:the )?(?:same|same thing|do the same|do it|do that|same for|and|what about|how about|aur|for|also|and also|now show|now)\b(?: for)? (.+?)(?: instead| too| as well| in it| in there| in that| in my (?:portfolio|holdings))?$/.exec(
      text,
    );
  if (same) {
    const words = same[1]!.split(' ');
    const found = finder.find(words, n.upperTokens, false);
    const stocks = found.matches.map((m) => m.symbol);
    const covered = found.matches.reduce((sum, m) => sum + (m.end - m.start), 0);
    if (stocks.length && covered >= words.length - 1) {
      const symbols = [stocks[0]!];
      // "what about itc in it" after my portfolio: that stock's holding.
      if (last.intent === 'portfolio' && last.scope !== 'market')
        return { intent: 'holding', symbols, text, followUp: { edited: ['symbol'] }, fromContext: true };
      // A price belongs to the stock it was said for: "the same for wipro" after a limit buy of
      // Infosys at ₹1,000 is a market order for Wipro, and an alert level is asked again.
      const forStock: Parsed = {
        ...base,
        symbols,
        price: undefined,
        triggerPrice: undefined,
        // "same for sbi" after an alert asks for the same alert: its level and direction are the point.
        alertPrice: last.intent === 'alert' ? base.alertPrice : undefined,
        orderType: base.orderType === 'LIMIT' || base.orderType === 'STOP' ? undefined : base.orderType,
      };
      // "also infosys" after adding wipro, "do it for jsw steel instead": the instruction again for it.
      const isEdit = /^(the )?(same|do the same|do it|do that|also|and also)\b/.test(text);
      if (PROPOSALS.has(last.intent) && last.action) {
        if (isEdit) return edited(forStock, last, ['symbol']);
        // "and TCS?" after a proposal asks about TCS; it is not an instruction.
        return { intent: 'quote', symbols, text, followUp: { edited: ['symbol'] }, fromContext: true };
      }
      if (STOCK_QUERIES.has(last.intent) || PROPOSALS.has(last.intent))
        return { ...edited(forStock, last, ['symbol']), imperative: undefined };
    }
  }
  return undefined;
}

/** A bare number edits the last proposal's level, price or quantity, whichever it carries. */
function numberEdit(value: number, text: string, base: Parsed, last: LastTurn): Parsed | undefined {
  const shares = /\b(shares?|qty|quantity)\b/.test(text);
  // Editing an alert proposal keeps it a proposal to create; after a list it changes the alert.
  if (last.intent === 'alert')
    return last.op === 'create'
      ? edited({ ...base, alertPrice: value }, last, ['level'])
      : edited(
          { ...base, alertPrice: value, op: 'change' },
          { ...last, action: last.action ?? 'modify_alert' },
          ['level'],
        );
  // After a GTT create proposal the number edits it; after a list or a change it changes that GTT.
  if (last.intent === 'gtt') {
    const changes = last.op !== 'create';
    const was = changes ? { ...last, action: last.action ?? 'modify_gtt' } : last;
    const op = changes ? { op: 'change' as const } : {};
    return shares
      ? edited({ ...base, ...op, quantity: value }, was, ['quantity'])
      : edited({ ...base, ...op, price: value, triggerPrice: undefined }, was, ['price']);
  }
  // "change it to 300" after an order's status or list: modify that resting order.
  if (last.intent === 'orders' && (last.op === 'modify' || last.op === 'status' || last.op === 'list'))
    return edited(
      { ...base, op: 'modify', ...(shares ? { quantity: value } : { price: value }) },
      { ...last, action: last.action ?? 'modify_order' },
      [shares ? 'quantity' : 'price'],
    );
  if (last.intent === 'buy' || last.intent === 'sell') {
    if (/\b(price|at|rupees|₹)\b/.test(text) || !Number.isInteger(value))
      return edited({ ...base, price: value, orderType: 'LIMIT' }, last, ['price']);
    return edited({ ...base, quantity: value, fraction: undefined, amount: undefined }, last, ['quantity']);
  }
  return undefined;
}

/** Intents whose order or charges depend on the product (delivery CNC vs intraday MIS). */
const PRODUCT_TURNS = new Set(['buy', 'sell', 'fees', 'gtt']);

/** "what if it's intraday", "make it delivery instead", "as MIS": the product of the last order or charges. */
function productEdit(
  text: string,
  last: LastTurn,
  base: Parsed,
  finder: StockFinder,
  n: Normalised,
): Parsed | undefined {
  if (!PRODUCT_TURNS.has(last.intent) || text.split(' ').length > 7) return undefined;
  const word = /\b(intraday|mis|delivery|cnc)\b/.exec(text)?.[1];
  if (!word || /\b(what is|what's|meaning|mean|explain|difference|vs|versus)\b/.test(text)) return undefined;
  // A stock named here makes it a new request, not an edit.
  if (finder.find(n.words, n.upperTokens, false).matches.length) return undefined;
  const product = word === 'intraday' || word === 'mis' ? 'MIS' : undefined;
  return edited({ ...base, product }, last, ['product']);
}

/** "what about wipro instead of infy", "replace infy with wipro": one stock of the last turn swapped. */
function swapEdit(
  text: string,
  last: LastTurn,
  base: Parsed,
  finder: StockFinder,
  n: Normalised,
): Parsed | undefined {
  const instead =
    /^(?:what about |how about |and |try |use |with |now |then )?(.+?) (?:instead of|in place of|rather than) (.+?)$/.exec(
      text,
    );
  const replace = /^(?:replace|swap|change) (.+?) (?:with|for|to) (.+?)$/.exec(text);
  const [newWords, oldWords] = instead
    ? [instead[1]!, instead[2]!]
    : replace
      ? [replace[2]!, replace[1]!]
      : [];
  if (!newWords || !oldWords || !last.symbols.length) return undefined;
  const one = (words: string) => {
    const found = finder.find(words.split(' '), n.upperTokens, false).matches;
    return found.length === 1 ? found[0]!.symbol : undefined;
  };
  const to = one(newWords);
  const from = one(oldWords);
  if (!to || !from || !last.symbols.includes(from)) return undefined;
  const symbols = last.symbols.map((x) => (x === from ? to : x));
  if (last.intent === 'compare' || STOCK_QUERIES.has(last.intent))
    return { ...edited({ ...base, symbols }, last, ['symbol']), imperative: undefined };
  if (PROPOSALS.has(last.intent) && last.action)
    return edited({ ...base, symbols, price: undefined, triggerPrice: undefined }, last, ['symbol']);
  return undefined;
}
