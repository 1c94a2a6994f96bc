import * as chrono from 'chrono-node';
import type { Period, SaytrixIntent } from '@nivesh/shared';
import { normalise, type Normalised } from './saytrix.normalise.js';
import type { StockFinder, StockMatch } from './saytrix.stocks.js';
import { VOCABULARY } from './saytrix.vocabulary.js';

export type { ChartType, ConceptId, MoversType, Parsed, SaytrixContext } from './saytrix.parsed.js';
import type { ChartType, ConceptId, MoversType, Parsed, SaytrixContext } from './saytrix.parsed.js';

export const ROUTES: Array<[RegExp, string]> = [
  [/\b(dashboard|home|home page)\b/, '/dashboard'],
  [/\bcharts?\b/, '/charts'],
  [/\bportfolio\b|\bholdings\b/, '/portfolio'],
  [/\bwatchlists?\b/, '/watchlist'],
  [/\border(s| book| history)?\b/, '/orders'],
  [/\b(history|transactions?|trade history)\b/, '/history'],
  [/\bnews\b/, '/news'],
  [/\bnotifications?\b|\balerts\b/, '/notifications'],
  [/\b(saytrix|chat|assistant|chatbot)\b/, '/saytrix'],
  [/\b(profile|my account)\b/, '/profile'],
  [/\bsettings?\b|\bpreferences\b/, '/settings'],
  [/\b(trading|trade page|trade screen|terminal)\b/, '/trading'],
];

const CONCEPTS: Array<[RegExp, ConceptId]> = [
  [/\b(order types?|types of orders?|kinds of orders?)\b/, 'order-types'],
  [/\bmarket orders?\b/, 'market-order'],
  [/\blimit (orders?|price)\b/, 'limit-order'],
  [/\b(stop ?loss|stop orders?|stop-loss|sl orders?|trigger price|stop limit)\b/, 'stop-order'],
  [/\b(stt|securities transaction tax)\b/, 'stt'],
  [/\bgst\b/, 'gst'],
  [/\bexchange (transaction )?(charges?|fees?)\b/, 'exchange-charge'],
  [/\bsebi (fees?|charges?|turnover)\b/, 'sebi-fee'],
  [/\bstamp duty\b/, 'stamp-duty'],
  [/\b(brokerage|commission)\b/, 'brokerage'],
  [/\b(charges|fees|taxes|fee structure)\b/, 'charges'],
  [/\btick( size)?\b/, 'tick-size'],
  [/\b(price band|circuit|circuits|upper circuit|lower circuit|circuit limit)\b/, 'price-band'],
  [/\b(gtc|good till cancel(led)?|good til cancel(led)?|day orders?|order validity|validity)\b/, 'gtc-day'],
  [/\b(pe|p\/e|pe ratio|p e ratio|price to earnings|price earnings)\b/, 'pe'],
  [
    /\b(paper trading|virtual money|virtual trading|real money|simulated market|simulation)\b/,
    'paper-trading',
  ],
  [
    /\b(market hours|market timings?|trading hours|is the market open|market open|market closed?|when does the market (open|close))\b/,
    'market-hours',
  ],
  [/\b(pnl|profit and loss|unrealised|unrealized|realised|realized)\b/, 'pnl'],
  [/\b(average price|avg price|average cost)\b/, 'average-price'],
  [/\b(reserved|blocked) (cash|amount|money|funds|shares)?\b/, 'reserved'],
];

const PERIODS: Array<[RegExp, Period]> = [
  [/\b(5|five) ?(y|yr|yrs|years?)\b/, '5Y'],
  [/\b(1|one) ?(y|yr|year)\b|\b(12|twelve) months?\b|\byearly\b|\b(a|this|past|last) year\b|\byear\b/, '1Y'],
  [/\b(6|six) ?(m|months?)\b|\bhalf (a )?year\b/, '6M'],
  [/\b(3|three) ?(m|months?)\b|\bquarter\b/, '3M'],
  [/\b(1|one) ?(m|month)\b|\b(a|this|past|last) month\b|\bmonthly\b|\bmonth\b/, '1M'],
  [/\b(5|five) ?(d|days?)\b|\b(a|this|past|last|1) week\b|\bweekly\b|\bweek\b/, '5D'],
  [/\b(1|one) ?(d|day)\b|\btoday\b|\bintraday\b|\bday\b/, '1D'],
];

const GREETING =
  /^(hi+|hello+|hey+|hii+|helo|namaste|namaskar|hola|yo|good (morning|afternoon|evening|night)|thanks?|thank you|thanks a lot|ok|okay|cool|great|bye|goodbye|see you)( (there|saytrix|again|buddy|friend|so much))*$/;
const HELP =
  /\b(help|what can you( do)?|what can i ask|what do you do|how (do|can) i use (you|this|saytrix)|who are you|what are you|your (features|commands)|commands|capabilities|how does this work|what all can you)\b/;
const TIP =
  /\b(should i (buy|sell|invest|hold|exit|book)|good (buy|investment|stock|share|time to (buy|sell|invest))|worth (buying|investing|it)|will (it|the|this|that|[a-z&-]+) (go|rise|fall|crash|drop|grow|increase|decrease|reach|hit|double|recover)|(go|going) (up|down) tomorrow|predict|prediction|forecast|target price|price target|recommend|recommendation|suggest( me)?( a| some| any)? (stock|share)s?|which (stock|share)s? (should|to|can)|best stocks? (to|for)|multibagger|tips?|hot stocks?|sure shot|kya lena|what to buy|where (should|to) i invest|future of|will (double|triple|multiply|rise|fall|crash|go up|go down|moon)|double (next|in|by)|next multibagger)\b/;
const ALERT =
  /\b(alert|alerts|notify|remind|ping me|tell me when|let me know when|let me know if|inform me|tell me if)\b/;
const BUY = /\b(buy|purchase|acquire|invest|go long|add (\d+ )?shares|pick up|get me)\b/;
const SELL = /\b(sell|dump|exit|offload|square off|get rid of|liquidate|book profits?|short)\b/;
const PAST_TRADE =
  /\b(did i (buy|sell|trade)|have i (bought|sold|traded)|i (bought|sold)|bought|sold|my (trades|transactions|purchases|sales))\b/;
const NAV_VERB =
  /\b(go to|goto|go back to|open|take me to|navigate to|switch to|visit|launch|jump to|bring up|show me the|load|head to)\b/;
const FEES_PAID =
  /\b(fees?|charges|brokerage|taxes|stt) (did|have) i (pay|paid)|(fees?|charges|brokerage) (i )?paid|paid (in|as) (fees|charges|brokerage)|spent on (fees|charges)|total (fees|charges) (paid|so far)|my (fees|charges)\b/;
const FEES =
  /\b(fees?|charges?|brokerage|commission|costs?|stt|stamp duty|taxes|how much (will|would|does|do|is) it cost|cost me|total cost|would it cost|will it cost|kitna lagega|lagega)\b/;
const EXPLAIN =
  /\b(what is|what's|what are|explain|meaning|means|define|definition|how does|how do|tell me about|difference between|what does|kya hota|matlab|understand)\b/;
const COMPARE = /\b(compare|comparison|vs|versus|against|difference between|better)\b/;
const NEWS =
  /\b(news|headlines?|happening (with|at|in)|updates? (on|about|for)|latest (on|about|for)|announcements?|what's new)\b/;
const MOVERS =
  /\b(gainers?|losers?|top (performers?|stocks|shares|movers|gaining|losing)|most active|most traded|biggest (movers|gainers|losers|fallers|winners)|movers|top (gain|loss)|(stocks|shares) (going|that are|which are|are) (up|down)|what's (up|hot|trending) today|(went|gone|going|moved|rose|fell|jumped|dropped) (up |down )?(the )?most|up the most|down the most|trending stocks|top fallers|laggards|highest volume|worst performers|best performers|most volume)\b/;
const ORDERS =
  /\b(orders?|order status|pending orders?|open orders?|did my order|executed|unfilled|order book)\b/;
const TRANSACTIONS =
  /\b(transactions?|trades?|trade history|fees paid|charges paid|paid in (fees|charges)|spent on (fees|charges)|history|bought|sold|purchases)\b/;
const CASH =
  /\b(cash|balance|funds?|buying power|money|margin|wallet|purchasing power|how much can i (invest|spend|buy)|available to (trade|invest))\b/;
const HOLDING_WORDS =
  /\b(my|i own|i have|i hold|do i (have|own|hold)|position|holding|holdings|shares do i|am i (up|down)|profit|loss|pnl|invested in|bought at|average|avg)\b/;
const PORTFOLIO =
  /\b(portfolio|holdings|my stocks|my shares|my investments?|net worth|pnl|profit|loss|how am i doing|my returns?|returns|invested|best performing|worst performing|top holding|biggest holding|my positions|positions|overall|(made|earned|lost|gained)|(stocks|shares) (do i|i) (own|have|hold)|what do i (own|hold)|my (best|worst|top|biggest) (stock|share|holding|position|performer)s?|(best|worst) (holding|performer|position)s?|holding)\b/;
const MARKET_WORDS = /\b(market|markets|index|indices|indexes|share bazaar|bazaar|dalal street)\b/;
const FOLLOW_UP = /^(and|what about|how about|also|same for|then|aur|or) /;

function detectConcept(text: string): ConceptId | undefined {
  for (const [re, id] of CONCEPTS) if (re.test(text)) return id;
  return undefined;
}

function detectPeriod(text: string): Period | undefined {
  for (const [re, period] of PERIODS) if (re.test(text)) return period;
  return undefined;
}

function detectChartType(text: string): ChartType | undefined {
  if (/\bcandle(stick)?s?\b|\bohlc\b/.test(text)) return 'candlestick';
  if (/\barea\b|\bmountain\b/.test(text)) return 'area';
  if (/\bline\b/.test(text)) return 'line';
  return undefined;
}

function detectMovers(text: string): MoversType {
  if (/\b(losers?|fallers|down|losing|loss|laggards|worst|falling|dropped|red)\b/.test(text)) return 'losers';
  if (/\b(active|traded|volume)\b/.test(text)) return 'active';
  return 'gainers';
}

/** Words of the normalised text that name neither a stock nor a number, for the quantity reader. */
function wordsOutside(words: string[], matches: StockMatch[]): string {
  const used = new Set<number>();
  for (const m of matches) for (let k = m.start; k < m.end; k += 1) used.add(k);
  return words.map((w, k) => (used.has(k) ? 'STOCK' : w)).join(' ');
}

/** Quantity, amount, order type and prices of a trade ("buy 10 tcs at 3500", "sell half my infy", "invest ₹10000 in itc"). */
function readTrade(masked: string, parsed: Parsed) {
  if (/\bhalf\b/.test(masked)) parsed.fraction = 'half';
  else if (/\b(quarter|1\/4)\b/.test(masked)) parsed.fraction = 'quarter';
  else if (/\b(all|everything|entire|whole|full)\b/.test(masked)) parsed.fraction = 'all';

  const stopPrice =
    /\b(?:stop ?loss|stop|sl|trigger(?:ed)?|stop-loss)\b(?: (?:order|price))?(?: (?:at|of|@|for))? ₹?\s?(?<price>\d+(?:\.\d+)?)/.exec(
      masked,
    );
  const limitPrice =
    /(?:\b(?:at|@|limit|price|for|below|under|above)\b|@) ?(?:(?:a )?(?:limit )?(?:price )?(?:of )?)?₹?\s?(\d+(?:\.\d+)?)(?! ?(shares|stocks|units|quantity))/.exec(
      masked,
    );
  const amount =
    /\b(?:worth|for|of|amount|value|invest|investing)\b(?: of)? ₹\s?(?<v>\d+(?:\.\d+)?)/.exec(masked) ??
    /₹\s?(?<v>\d+(?:\.\d+)?) (?:worth|of|in|into)\b/.exec(masked) ??
    /\b(?<v>\d+(?:\.\d+)?) rupees\b/.exec(masked) ??
    /\binvest(?:ing)? ₹?\s?(?<v>\d+(?:\.\d+)?) (?:in|into|on)\b/.exec(masked) ??
    /\bworth (?:of )?₹?\s?(?<v>\d+(?:\.\d+)?)/.exec(masked);
  const quantity =
    /\b(\d+) ?(shares|stocks|units|qty|quantity|nos|lots?)\b/.exec(masked) ??
    /\b(?:buy|sell|purchase|acquire|get me|exit|dump|offload)\b (\d+)\b(?! rupees| ?₹)(?!\.\d)/.exec(
      masked,
    ) ??
    /\b(\d+) (?:of )?STOCK\b/.exec(masked) ??
    /\b(?:quantity|qty)\b ?(?:of )?(\d+)\b/.exec(masked) ??
    /\bSTOCK (\d+)\b(?! rupees)(?!\.\d)(?! ?(?:at|@))/.exec(masked) ??
    /\b(\d+) of (those|them|these|it|that|this)\b/.exec(masked);

  if (stopPrice) {
    parsed.orderType = 'STOP';
    parsed.triggerPrice = Number(stopPrice.groups!.price);
  } else if (/\b(at market|market price|market order|at the market)\b/.test(masked)) {
    parsed.orderType = 'MARKET';
  }
  if (amount) {
    const value = Number(amount.groups!.v);
    if (Number.isFinite(value) && value > 0) parsed.amount = value;
  }
  if (quantity) {
    const q = Number(quantity[1]);
    if (Number.isInteger(q) && q > 0 && q !== parsed.amount) parsed.quantity = q;
  }
  if (/\b(intraday|mis)\b/i.test(masked)) parsed.product = 'MIS';
  if (!parsed.orderType && limitPrice) {
    const price = Number(limitPrice[1]);
    if (price > 0 && price !== parsed.quantity && price !== parsed.amount) {
      parsed.orderType = 'LIMIT';
      parsed.price = price;
    }
  }
}

/** The date range of a history question, read by chrono-node against the market's clock. */
function readDates(text: string, now: Date, parsed: Parsed) {
  const results = chrono.parse(text, now, { forwardDate: false });
  const first = results[0];
  if (!first) return;
  const start = first.start.date();
  parsed.from =
    /\byesterday\b/.test(first.text) || /\bon\b/.test(text.slice(Math.max(0, first.index - 3), first.index))
      ? startOfIstDay(start)
      : start;
  if (first.end) parsed.to = first.end.date();
  else if (/\byesterday\b|\bon\b/.test(first.text) || /\bon $/.test(text.slice(0, first.index)))
    parsed.to = new Date(startOfIstDay(start).getTime() + 86_400_000);
  if (/\btoday\b/.test(first.text)) parsed.from = startOfIstDay(start);
}

const IST_MS = 330 * 60_000;
function startOfIstDay(date: Date): Date {
  const ist = date.getTime() + IST_MS;
  return new Date(ist - (ist % 86_400_000) - IST_MS);
}

/** The ordered grammar: the first rule that matches decides the intent; actions need a verb and a stock. */
export function parse(
  message: string,
  finder: StockFinder,
  context: SaytrixContext = {},
  now: Date = new Date(),
): Parsed {
  const exact = parseWith(message, finder, context, now, false);
  if (exact.symbols.length || exact.ambiguous || exact.tip || !FUZZY_INTENTS.has(exact.intent)) return exact;
  if (exact.intent !== 'unknown' && !exact.needsStock && exact.intent !== 'quote') return exact;
  const typo = parseWith(message, finder, context, now, true);
  if (!typo.fuzzy) return exact;
  // With no other clue that a stock is meant, only a long, close typo counts ("relaince", not "write").
  if (
    exact.intent === 'unknown' &&
    !typo.ambiguous &&
    !typo.symbols.some(
      (s) =>
        (finder.instrument(s)?.name.length ?? 0) > 0 &&
        typo.text.split(' ').some((w) => w.length >= 6 && !VOCABULARY.has(w)),
    )
  )
    return exact;
  // A typo match never fires an action: the user confirms the stock first.
  if (
    (typo.intent === 'buy' ||
      typo.intent === 'sell' ||
      typo.intent === 'alert' ||
      typo.intent === 'watchlist') &&
    typo.symbols.length
  ) {
    const symbol = typo.symbols[0]!;
    return {
      ...typo,
      symbols: [],
      ambiguous: { query: symbol, options: [{ symbol, name: finder.instrument(symbol)?.name ?? symbol }] },
    };
  }
  return typo;
}

/** Intents that name a stock; only these may fall back to typo matching. */
const FUZZY_INTENTS = new Set<SaytrixIntent>([
  'unknown',
  'quote',
  'news',
  'chart',
  'holding',
  'alert',
  'fees',
  'buy',
  'sell',
  'compare',
  'watchlist',
]);

function parseWith(
  message: string,
  finder: StockFinder,
  context: SaytrixContext,
  now: Date,
  wantsFuzzy: boolean,
): Parsed {
  const n: Normalised = normalise(message);
  const text = n.text;
  const parsed: Parsed = { intent: 'unknown', symbols: [], text };
  if (!text) return { ...parsed, intent: 'help' };

  // Answer to a "did you mean A or B?" turn.
  if (context.pending) {
    const pick = pickOption(n, finder, context.pending.options);
    if (pick) {
      const again = parse(context.pending.message, finder, {}, now);
      return {
        ...again,
        symbols: [pick, ...again.symbols.filter((s) => s !== pick)],
        ambiguous: undefined,
        needsStock: false,
      };
    }
  }

  if (GREETING.test(text)) return { ...parsed, intent: 'greeting' };

  const found = finder.find(n.words, n.upperTokens, wantsFuzzy);
  // Only read-only questions may rest on a typo match; a trade needs the stock named plainly.
  const matches = found.matches;
  parsed.symbols = [...new Set(matches.map((m) => m.symbol))];
  parsed.fuzzy = matches.some((m) => m.via === 'fuzzy');
  if (found.ambiguous) parsed.ambiguous = found.ambiguous;
  const stockSymbols = matches.filter((m) => m.via !== 'index').map((m) => m.symbol);
  const indexSymbols = matches.filter((m) => m.via === 'index').map((m) => m.symbol);
  const masked = wordsOutside(n.words, matches);
  const hasStock = parsed.symbols.length > 0 || Boolean(parsed.ambiguous);
  const refersBack = /\b(those|them|these|it|that|this one|same|the same stock|that stock|this stock)\b/.test(
    masked,
  );
  const contextSymbols = context.lastSymbols ?? [];
  const useContext = () => {
    if (!parsed.symbols.length && !parsed.ambiguous && contextSymbols.length) {
      parsed.symbols = [contextSymbols[0]!];
      parsed.fromContext = true;
    }
  };

  if (TIP.test(text)) return { ...parsed, intent: 'unknown', tip: true };

  if (HELP.test(text) && !hasStock) return { ...parsed, intent: 'help' };

  if (ALERT.test(masked) && !/\b(my alerts|alerts page|notifications)\b/.test(masked)) {
    parsed.intent = 'alert';
    if (!hasStock && refersBack) useContext();
    const price =
      /\b(above|over|crosses|cross|exceeds|beyond|more than|greater than|hits|reaches|touches|goes to|at|below|under|less than|drops to|falls to|falls below|goes below|goes above|rises above|dips below|drops below|to|of)\b[a-z ]{0,12}?₹?\s?(\d+(?:\.\d+)?)/.exec(
        masked,
      );
    if (price) {
      parsed.alertPrice = Number(price[2]);
      if (/\b(below|under|less than|drops?|falls?|dips?|down|neeche)\b/.test(masked))
        parsed.condition = 'below';
      else if (/\b(above|over|crosses|exceeds|beyond|more than|greater than|rises?|up|upar)\b/.test(masked))
        parsed.condition = 'above';
    }
    parsed.needsStock = parsed.symbols.length === 0;
    return parsed;
  }

  if (/\bwatchlist\b/.test(text)) {
    parsed.intent = 'watchlist';
    if (!hasStock && /^(open|go to|goto|take me to|navigate to|switch to|visit|launch|jump to)\b/.test(text))
      return { ...parsed, intent: 'navigate', path: '/watchlist' };
    if (
      /\b(add|put|include|save|track|follow|insert|daal|rakh)\b/.test(masked) &&
      !/\bremove|delete\b/.test(masked)
    ) {
      if (!hasStock && refersBack) useContext();
      parsed.needsStock = parsed.symbols.length === 0 && !parsed.ambiguous;
    }
    return parsed;
  }
  if (/^(watch|track|follow) /.test(text) && hasStock)
    return { ...parsed, intent: 'watchlist', needsStock: false };

  if (PAST_TRADE.test(masked) || FEES_PAID.test(masked)) {
    parsed.intent = 'transactions';
    if (/\b(bought|buy|purchases)\b/.test(masked) && !/\b(sold|sell)\b/.test(masked)) parsed.side = 'BUY';
    else if (/\b(sold|sell)\b/.test(masked) && !/\b(bought|buy)\b/.test(masked)) parsed.side = 'SELL';
    readDates(text, now, parsed);
    return parsed;
  }

  const explainWord = EXPLAIN.test(text);
  const concept = detectConcept(masked);

  if (FEES.test(masked) && !/\bfees paid|charges paid|paid in\b/.test(masked)) {
    readTrade(masked, parsed);
    if (!parsed.symbols.length && refersBack) useContext();
    const canCompute =
      (parsed.symbols.length > 0 && (parsed.quantity !== undefined || parsed.amount !== undefined)) ||
      (parsed.amount !== undefined && !explainWord);
    if (
      canCompute ||
      (parsed.symbols.length > 0 && /\b(buy|sell|buying|selling|trade|trading)\b/.test(masked))
    ) {
      parsed.intent = 'fees';
      parsed.side = /\b(sell|selling|sold)\b/.test(masked) ? 'SELL' : 'BUY';
      return parsed;
    }
    if (concept) return { ...parsed, intent: 'explain', concept };
  }

  const buy = BUY.test(masked);
  const sell = SELL.test(masked);
  if ((buy || sell) && !explainWord && !/\b(how to|how do i|how can i)\b/.test(masked)) {
    parsed.intent = sell && !(buy && masked.search(BUY) < masked.search(SELL)) ? 'sell' : 'buy';
    readTrade(masked, parsed);
    const strangers = n.words.filter(
      (w, k) => !found.used.has(k) && !VOCABULARY.has(w) && !/\d/.test(w) && w.length >= 4,
    );
    if (
      !parsed.symbols.length &&
      !parsed.ambiguous &&
      (refersBack || ((parsed.quantity !== undefined || parsed.fraction) && !strangers.length))
    )
      useContext();
    // Typo matches never fire an action: the user confirms the stock first.
    parsed.needsStock = parsed.symbols.length === 0;
    return parsed;
  }

  const navVerb = NAV_VERB.test(
    text
      .replace(/\bopen (orders?|positions?|trades?)\b/g, '')
      .replace(/\b(have|are|is|still|currently) open$/, ''),
  );
  if (
    /\b(chart|charts|graph|candles?|candlestick|ohlc)\b/.test(text) &&
    (hasStock || !navVerb || /\bof|for\b/.test(masked))
  ) {
    parsed.intent = 'chart';
    if (!hasStock) useContext();
    parsed.period = detectPeriod(masked);
    parsed.chartType = detectChartType(masked);
    return parsed;
  }

  if (navVerb) {
    for (const [re, path] of ROUTES) {
      if (re.test(masked) && !(path === '/charts' && hasStock)) {
        if (
          /\b(show me the|bring up|load)\b/.test(text) &&
          !/\b(page|screen|tab|section)\b/.test(text) &&
          !/\b(go|open|take|navigate|switch|visit|launch|jump)\b/.test(text)
        )
          break;
        return { ...parsed, intent: 'navigate', path };
      }
    }
    if (stockSymbols.length && /\b(open|go to|goto|take me to|navigate to|visit|jump to)\b/.test(text))
      return { ...parsed, intent: 'navigate', path: `/stock/${encodeURIComponent(stockSymbols[0]!)}` };
  } else if (/\b(page|screen|tab)\b/.test(text)) {
    for (const [re, path] of ROUTES) if (re.test(masked)) return { ...parsed, intent: 'navigate', path };
  }

  if ((concept === 'pnl' || concept === 'average-price') && /\bmy\b/.test(masked) && !stockSymbols.length)
    return { ...parsed, intent: 'portfolio' };
  if (concept === 'pnl' && stockSymbols.length) return { ...parsed, intent: 'holding' };
  if (concept === 'reserved' && /\bmy\b/.test(masked))
    return { ...parsed, intent: /\bshares\b/.test(masked) ? 'orders' : 'cash' };
  if (
    concept &&
    (explainWord || !hasStock || concept === 'pe' || concept === 'tick-size' || concept === 'price-band')
  )
    return { ...parsed, intent: 'explain', concept };

  if (parsed.symbols.length >= 2 && COMPARE.test(text)) return { ...parsed, intent: 'compare' };
  if (
    parsed.symbols.length >= 2 &&
    (/\bor\b/.test(text) ||
      (/\b(and|,)\b/.test(text) && /\b(price|prices|quote|quotes|how are|doing)\b/.test(text)))
  )
    return { ...parsed, intent: 'compare' };
  if (
    COMPARE.test(text) &&
    /\b(compare|vs|versus)\b/.test(text) &&
    parsed.symbols.length === 1 &&
    contextSymbols.length
  ) {
    return {
      ...parsed,
      intent: 'compare',
      symbols: [contextSymbols[0]!, parsed.symbols[0]!].filter((s, k, all) => all.indexOf(s) === k),
      fromContext: true,
    };
  }

  if (NEWS.test(text)) {
    if (!hasStock && refersBack) useContext();
    return { ...parsed, intent: 'news' };
  }

  if (MOVERS.test(text) && !stockSymbols.length)
    return { ...parsed, intent: 'movers', movers: detectMovers(text) };

  if (ORDERS.test(masked) && !stockSymbols.length) {
    parsed.intent = 'orders';
    if (/\b(pending|open|unfilled|outstanding|active|resting)\b/.test(masked)) parsed.orderStatus = 'open';
    else if (/\b(filled|executed|completed)\b/.test(masked)) parsed.orderStatus = 'filled';
    else if (/\b(cancelled|canceled)\b/.test(masked)) parsed.orderStatus = 'cancelled';
    return parsed;
  }
  if (ORDERS.test(masked) && stockSymbols.length && /\bmy\b/.test(masked))
    return { ...parsed, intent: 'orders' };

  if (TRANSACTIONS.test(masked)) {
    parsed.intent = 'transactions';
    readDates(text, now, parsed);
    return parsed;
  }

  if (
    CASH.test(masked) &&
    !stockSymbols.length &&
    !/\b(made|make|earned|earn|lost|gained|profit)\b/.test(masked)
  )
    return { ...parsed, intent: 'cash' };

  if (stockSymbols.length && HOLDING_WORDS.test(masked) && !/\bprice\b/.test(masked))
    return { ...parsed, intent: 'holding' };
  if (stockSymbols.length && /\bhow (much|many)\b/.test(masked) && /\b(have|own|hold|got)\b/.test(masked))
    return { ...parsed, intent: 'holding' };

  if (PORTFOLIO.test(masked) && !stockSymbols.length) {
    parsed.intent = 'portfolio';
    if (/\b(best|top|biggest gain|most profitable|winner|strongest)\b/.test(masked)) parsed.focus = 'best';
    else if (/\b(worst|weakest|biggest loss|loser|poorest)\b/.test(masked)) parsed.focus = 'worst';
    return parsed;
  }

  if (indexSymbols.length && !stockSymbols.length) return { ...parsed, intent: 'index' };
  if (
    !hasStock &&
    MARKET_WORDS.test(text) &&
    /\b(how|what|today|doing|performance|status|update|overview|kaisa|show|today's)\b/.test(text) &&
    !concept
  )
    return { ...parsed, intent: 'index', symbols: ['NIFTY50', 'SENSEX'] };

  if (hasStock) {
    // "and TCS?" after a holding or news question asks the same thing about TCS.
    const follow =
      FOLLOW_UP.test(text) || n.words.length - (matches[0] ? matches[0].end - matches[0].start : 0) <= 1;
    const last = context.lastIntent;
    if (follow && last && ['holding', 'news', 'chart', 'index'].includes(last)) {
      if (last === 'chart') parsed.period = detectPeriod(masked);
      return { ...parsed, intent: last === 'index' && stockSymbols.length ? 'quote' : last };
    }
    return { ...parsed, intent: 'quote' };
  }

  if (/\b(stock|share|price|quote|trading at)\b/.test(text)) {
    if (refersBack && contextSymbols.length) {
      useContext();
      return { ...parsed, intent: 'quote' };
    }
    return { ...parsed, intent: 'quote', needsStock: true };
  }

  if (HELP.test(text)) return { ...parsed, intent: 'help' };
  return parsed;
}

/** "the first one", "2", "HDFC Life", "second" → one of the offered symbols. */
function pickOption(n: Normalised, finder: StockFinder, options: string[]): string | undefined {
  const t = n.original
    .toLowerCase()
    .replace(/[^a-z0-9& ]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (
    options.length === 1 &&
    /^(yes|yeah|yep|yup|y|haan|ha|han|sure|correct|right|ok|okay|confirm|that one|yes please)$/.test(t)
  )
    return options[0];
  if (/^(1|1st|first|the first|first one|the first one|pehla|a|option 1|option a)$/.test(t))
    return options[0];
  if (/^(2|2nd|second|the second|second one|the second one|dusra|b|option 2|option b)$/.test(t))
    return options[1];
  const found = finder.find(n.words, n.upperTokens, false);
  const hit = found.matches.find((m) => options.includes(m.symbol));
  if (hit) return hit.symbol;
  for (const symbol of options) {
    const name = finder.instrument(symbol)?.name.toLowerCase() ?? '';
    if (t.length >= 3 && name.includes(t)) return symbol;
  }
  return undefined;
}
