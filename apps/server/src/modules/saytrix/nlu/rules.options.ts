import type { OptionAsk, Parsed } from '../saytrix.parsed.js';
import { QUESTION } from './rules.app.js';
import type { Stage } from './rules.stage.js';

/** A Kite trading symbol as typed: NIFTY26D0124000CE, NIFTY26DEC24000CE, BANKNIFTY26DECFUT. */
const TRADING_SYMBOL = /\b((?:bank)?nifty)(\d{2}[a-z0-9]{1,3}\d{0,2})(\d{4,6}(?:ce|pe)|fut)\b/;
const CUE =
  /\b(options?|option chain|chain|calls?|puts?|straddle|strikes?|expiry|expiries|expires?|expiring|lot size|lots?|premiums?|iv|implied volatility|greeks?|delta|gamma|theta|vega|futures?|fut|open interest|oi|atm|otm|itm|ce|pe)\b/;
/** The words that only name the kind of thing: "what are nifty options" asks for the definition. */
const GENERIC = /\b(options?|futures?|calls?|puts?|derivatives?)\b/;
const DEFINITION = /^(what is|what are|what's|explain|define|meaning of|how do|how does|tell me about)\b/;
const VIX = /\b(india vix|vix|volatility index|fear index)\b/;
/** A contract named with an order word is about the user's order in it, not its quote. */
const ORDER_WORDS = /\b(orders?|cancel|cancil|withdraw|revoke|call off|filled|executed|pending|status)\b/;
const CANCEL = /\b(cancel|cancil|withdraw|revoke|call off|scrap)\b/;

function underlyingOf(s: Stage): OptionAsk['underlying'] | undefined {
  if (/\b(bank ?nifty|nifty ?bank)\b/.test(s.text) || s.indexSymbols.includes('NIFTYBANK'))
    return 'BANKNIFTY';
  if (/\bnifty\b/.test(s.text) || s.indexSymbols.includes('NIFTY50')) return 'NIFTY';
  return undefined;
}

/** A strike typed in the sentence: a 4–6 digit number that is not a quantity of lots or shares. */
function strikeOf(text: string): number | undefined {
  for (const m of text.matchAll(
    /(?<![\d.])(\d{4,6})(?![\d.])(?! ?(lots?|shares?|units?|qty|quantity|rupees))/g,
  )) {
    const value = Number(m[1]);
    if (value >= 1000) return value;
  }
  return undefined;
}

function askOf(text: string, strike: number | undefined, type: OptionAsk['type']): OptionAsk['ask'] {
  if (/\bstraddle\b/.test(text)) return 'straddle';
  if (strike !== undefined && type) return 'contract';
  if (/\blot ?size\b|\bhow many (shares|units) (in|per|make) (a|one) lot\b|\blots?\b(?! of)/.test(text))
    return 'lot';
  if (/\b(expiry|expiries|expires?|expiring)\b/.test(text) && strike === undefined) return 'expiry';
  if (/\b(futures?|fut)\b/.test(text) && !/\boptions?\b/.test(text)) return 'future';
  return 'chain';
}

/**
 * Options questions on NIFTY and BANKNIFTY (the Options Lab): the chain, one contract, the ATM
 * straddle, expiries, the lot, the future, India VIX. It needs an index with an options word (or a
 * trading symbol, or VIX); a bare "what are options" stays the definition. Buying or selling an
 * option is answered with its quote and where to trade it: Saytrix proposes no option orders.
 */
export function optionsRule(s: Stage): Parsed | undefined {
  const { text, parsed, stockSymbols } = s;
  if (/\b(watchlist|alerts?|journal)\b/.test(text)) return undefined;
  const wantsTrade = /\b(buy|sell|short|write|go long|go short)\b/.test(text);
  const symbol = TRADING_SYMBOL.exec(text);
  if (symbol) {
    const tradingsymbol = `${symbol[1]}${symbol[2]}${symbol[3]}`.toUpperCase();
    const underlying = symbol[1] === 'banknifty' ? 'BANKNIFTY' : 'NIFTY';
    // "is my NIFTY26D0124000CE order filled", "cancel my … order": the order desk, by that symbol.
    if (ORDER_WORDS.test(text)) {
      const cancel = CANCEL.test(text);
      return {
        ...parsed,
        intent: 'orders',
        op: cancel ? 'cancel' : 'status',
        symbols: [tradingsymbol],
        ...(cancel ? { imperative: !QUESTION.test(text) } : {}),
      };
    }
    return {
      ...parsed,
      intent: 'options',
      symbols: [],
      option: { underlying, ask: 'contract', tradingsymbol, wantsTrade },
    };
  }
  if (/\b(options?|f&o|fno|futures?|derivatives?) (positions?|trades?|p&l|pnl)\b/.test(text))
    return { ...parsed, intent: 'options', symbols: [], option: { underlying: 'NIFTY', ask: 'positions' } };
  if (VIX.test(text) && !stockSymbols.length)
    return { ...parsed, intent: 'options', symbols: [], option: { underlying: 'NIFTY', ask: 'vix' } };
  const underlying = underlyingOf(s);
  if (!underlying) {
    // "reliance options", "tcs futures lot size": stock F&O is not in the Options Lab.
    if (stockSymbols.length && /\b(options?|option chain|futures|f&o|fno|lot size|strike)\b/.test(s.masked))
      return { ...parsed, intent: 'options', option: { underlying: 'NIFTY', ask: 'stock-options' } };
    return undefined;
  }
  if (!CUE.test(text) || stockSymbols.length) return undefined;
  const specific = text.replace(GENERIC, ' ');
  if (DEFINITION.test(text) && !CUE.test(specific) && strikeOf(text) === undefined) return undefined;
  const type = /\b(calls?|ce)\b/.test(text) ? 'CE' : /\b(puts?|pe)\b/.test(text) ? 'PE' : undefined;
  const strike = strikeOf(text);
  const expiryHint = /\bmonthly\b|\bmonth'?s\b/.test(text)
    ? 'monthly'
    : /\bnext (week|weekly|expiry)\b/.test(text)
      ? 'next'
      : undefined;
  const option: OptionAsk = {
    underlying,
    ask: askOf(text, strike, type),
    ...(strike !== undefined ? { strike } : {}),
    ...(type ? { type } : {}),
    ...(expiryHint ? { expiryHint } : {}),
    ...(wantsTrade ? { wantsTrade } : {}),
  };
  return { ...parsed, intent: 'options', symbols: [], option };
}
