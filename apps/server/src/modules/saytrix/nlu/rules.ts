import { parse } from '../saytrix.grammar.js';
import { normalise, type Normalised } from '../saytrix.normalise.js';
import type { Parsed, SaytrixContext } from '../saytrix.parsed.js';
import type { StockFinder } from '../saytrix.stocks.js';
import { VOCABULARY } from '../saytrix.vocabulary.js';
import {
  BUY,
  CASH,
  COMPARE,
  CONSUMER_SERVICE,
  EXPLAIN,
  FEES,
  FEES_PAID,
  FOLLOW_UP,
  GREETING,
  HELP,
  HOLDING_WORDS,
  HOW_MUCH,
  MARKET_WORDS,
  MOVERS,
  NAV_VERB,
  NEWS,
  NOT_AN_INSTRUMENT,
  ORDERS,
  PAST_TRADE,
  PORTFOLIO,
  ROUTES,
  SELL,
  TIP,
  TRANSACTIONS,
} from './lexicon.js';
import { appRules, QUESTION } from './rules.app.js';
import {
  detectChartType,
  detectConcept,
  detectMovers,
  detectPeriod,
  readDates,
  readMetric,
  readPnl,
  readTrade,
  wordsOutside,
} from './slots.js';

/** The ordered grammar: the first rule that matches decides the intent; actions need a verb and a stock. */
export function parseWith(
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

  // "recharge my airtel number", "silver ka bhav": the sentence is about a service or a commodity.
  const stockWord = /\b(share|shares|stock|stocks|scrip|equity|ltp|quote|chart)\b/.test(text);
  if (
    (CONSUMER_SERVICE.test(masked) &&
      !stockWord &&
      !/\b(buy|sell|holding|holdings|portfolio)\b/.test(masked)) ||
    (NOT_AN_INSTRUMENT.test(masked) && !stockWord)
  )
    return {
      ...parsed,
      intent: 'unknown',
      symbols: [],
      ambiguous: undefined,
      fuzzy: undefined,
      outOfDomain: true,
    };

  // "would you sell itc at this level": asking Saytrix's opinion, not asking it to trade (no size, no "for me").
  const opinion =
    /^(would|will) you (buy|sell|hold|invest in|exit)\b/.test(text) && !/\d|\bfor me\b/.test(text);
  if (TIP.test(text) || opinion)
    return { ...parsed, intent: 'unknown', tip: true, ambiguous: undefined, symbols: stockSymbols };

  if (HELP.test(text) && !hasStock) return { ...parsed, intent: 'help' };

  const app = appRules({
    original: message,
    text,
    masked,
    parsed,
    hasStock,
    stockSymbols,
    refersBack,
    useContext,
    now,
  });
  if (app) return app;

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
    // "how much is brokerage", "stt kitna lagta hai", "intraday charges vs delivery": the app's
    // charge schedule (the fees answer), unless the sentence asks what the word means.
    if (
      HOW_MUCH.test(masked) &&
      !/^(what is|what's|what are|explain|define|meaning)\b|\b(meaning|matlab|kya hota)\b/.test(text)
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
    if (QUESTION.test(text) && !/^(can|could|will|would) you\b/.test(text)) {
      // "what if I sell 10 tcs", "can I buy now?": a question about a trade is answered, never proposed.
      const side = parsed.intent === 'sell' ? 'SELL' : 'BUY';
      if (!parsed.symbols.length) return { ...parsed, intent: 'explain', concept: 'order-types', side };
      return { ...parsed, intent: parsed.quantity || parsed.amount ? 'fees' : 'quote', side };
    }
    parsed.imperative = true;
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
    /\b(chart|charts|graph|plot|candles?|candlestick|ohlc|price history)\b/.test(text) &&
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

  // "total p&l?", "unrealised p and l", "day's pnl": a glossary P&L named on its own is the user's own.
  const namedPnl = concept === 'pnl' && !explainWord && !stockSymbols.length && readPnl(masked);
  if (
    namedPnl ||
    ((concept === 'pnl' || concept === 'average-price') && /\bmy\b/.test(masked) && !stockSymbols.length)
  )
    return { ...parsed, intent: 'portfolio', scope: 'my', pnl: readPnl(masked) };
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

  if (MOVERS.test(text) && !stockSymbols.length) {
    const movers = detectMovers(text);
    // "my biggest loser" is about my holdings; "top gainers" about the market.
    if (/\b(my|i own|i hold|mere|in my portfolio|of my)\b/.test(masked))
      return { ...parsed, intent: 'portfolio', scope: 'my', focus: movers === 'losers' ? 'worst' : 'best' };
    return { ...parsed, intent: 'movers', movers, scope: 'market' };
  }

  if (ORDERS.test(masked) && !stockSymbols.length) {
    parsed.intent = 'orders';
    // "order status", "what happened to my last order": the latest order's status.
    parsed.op = /\b(order status|status of my (last |latest )?order|(last|latest|recent) order)\b/.test(
      masked,
    )
      ? 'status'
      : 'list';
    if (/\b(pending|open|unfilled|outstanding|active|resting)\b/.test(masked)) parsed.orderStatus = 'open';
    else if (/\b(filled|executed|completed)\b/.test(masked)) parsed.orderStatus = 'filled';
    else if (/\b(cancelled|canceled)\b/.test(masked)) parsed.orderStatus = 'cancelled';
    return parsed;
  }
  if (ORDERS.test(masked) && stockSymbols.length && /\bmy\b/.test(masked))
    return { ...parsed, intent: 'orders', op: 'status' };

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
    parsed.scope = 'my';
    parsed.pnl = readPnl(masked);
    if (/\b(best|top|biggest gain|most profitable|winner|strongest|(gained|rose|up) the most)\b/.test(masked))
      parsed.focus = 'best';
    else if (/\b(worst|weakest|biggest loss|loser|poorest|(lost|fell|dropped|down) the most)\b/.test(masked))
      parsed.focus = 'worst';
    return parsed;
  }

  // "what is nifty", "explain what an index is": the definition; "what's nifty at" stays the level.
  if (
    !stockSymbols.length &&
    /^(what is|what are|explain|define|meaning of)( what)?( an?| the)? (STOCK|index|indices|indexes|stock index)( index)?( is| are| means?)?$/.test(
      masked,
    )
  )
    return { ...parsed, intent: 'explain', concept: 'index', symbols: [] };
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
    // "how has tcs moved over the past week": its price over a period is the chart.
    const period = detectPeriod(masked);
    if (
      /\bhow (has|have|did)\b.*\b(mov\w*|perform\w*|done|do|gone|trad\w*)\b/.test(masked) &&
      period &&
      period !== '1D'
    )
      return { ...parsed, intent: 'chart', period };
    return { ...parsed, intent: 'quote', metric: readMetric(masked) };
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
