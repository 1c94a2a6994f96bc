// The grammar's question stages, in order: charts and screens, concepts, comparisons, lists, indices, a stock.
import type { Parsed } from '../saytrix.parsed.js';
import {
  CASH,
  COMPARE,
  FOLLOW_UP,
  HOLDING_WORDS,
  MARKET_WORDS,
  MOVERS,
  NAV_VERB,
  NEWS,
  ORDERS,
  PORTFOLIO,
  ROUTES,
  TRANSACTIONS,
} from './lexicon.js';
import type { Stage } from './rules.stage.js';
import { detectChartType, detectMovers, detectPeriod, readDates, readMetric, readPnl } from './slots.js';

/** A chart of a stock, or a screen to open. */
export function chartAndNavigationRule(s: Stage): Parsed | undefined {
  const { text, masked, parsed, stockSymbols, hasStock, useContext } = s;
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
  return undefined;
}

/** P&L named on its own is the user's; other concepts get their explanation. */
export function conceptRule(s: Stage): Parsed | undefined {
  const { masked, parsed, stockSymbols, hasStock, explainWord, concept } = s;
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
  return undefined;
}

/** Two or more stocks side by side. */
export function compareRule(s: Stage): Parsed | undefined {
  const { text, parsed, contextSymbols } = s;
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
  return undefined;
}

/** News, movers, orders, trades, cash, a holding and the portfolio. */
export function listRule(s: Stage): Parsed | undefined {
  const { text, masked, parsed, stockSymbols, hasStock, refersBack, useContext, now } = s;
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

  // "my executed trades" are fills (the history), not orders.
  const tradesNotOrders = /\btrades?\b/.test(masked) && !/\borders?\b/.test(masked);
  // "my executed orders", "orders that got filled": the fills (the trade book), not the order list.
  if (
    !stockSymbols.length &&
    /\b(executed|filled|completed) orders\b|\borders (that |which )?(got |were |have been |are )?(executed|filled|completed)\b/.test(
      masked,
    )
  ) {
    parsed.intent = 'transactions';
    readDates(text, now, parsed);
    return parsed;
  }
  if (ORDERS.test(masked) && !stockSymbols.length && !tradesNotOrders) {
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

  // "what does hal trade at": its price, not its trades.
  if (TRANSACTIONS.test(masked) && !(stockSymbols.length && /\b(trades?|trading) at\b/.test(masked))) {
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
  if (
    stockSymbols.length &&
    /\bhow (much|many)\b/.test(masked) &&
    /\b(have|own|hold|got|left with me|with me)\b/.test(masked)
  )
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
  return undefined;
}

/** An index level, the market, or what an index is. */
export function indexRule(s: Stage): Parsed | undefined {
  const { text, masked, parsed, stockSymbols, indexSymbols, hasStock, concept } = s;
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
    /\b(how|what|today|doing|performance|status|update|overview|kaisa|show|today's|up|down|green|red|mood|trend)\b/.test(
      text,
    ) &&
    !concept
  )
    return { ...parsed, intent: 'index', symbols: ['NIFTY50', 'SENSEX'] };
  return undefined;
}

/** A stock named without another clue is a quote (or the previous question about it). */
export function stockRule(s: Stage): Parsed | undefined {
  const {
    n,
    text,
    masked,
    parsed,
    matches,
    stockSymbols,
    hasStock,
    refersBack,
    contextSymbols,
    useContext,
    context,
  } = s;
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

  return undefined;
}
