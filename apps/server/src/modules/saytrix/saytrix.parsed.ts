import type { Period, SaytrixAction, SaytrixIntent } from '@nivesh/shared';
import type { Ambiguity } from './saytrix.stocks.js';

// The contract between understanding (classifier + grammar: message → Parsed) and answering
// (handlers: Parsed → reply). Understanding never fetches data; handlers never read the message.

export type ConceptId =
  | 'market-order'
  | 'limit-order'
  | 'stop-order'
  | 'order-types'
  | 'stt'
  | 'brokerage'
  | 'gst'
  | 'exchange-charge'
  | 'sebi-fee'
  | 'stamp-duty'
  | 'charges'
  | 'tick-size'
  | 'price-band'
  | 'gtc-day'
  | 'pe'
  | 'paper-trading'
  | 'market-hours'
  | 'pnl'
  | 'average-price'
  | 'reserved'
  | 'week52'
  | 'moving-average'
  | 'index'
  | 'market-cap'
  | 'product'
  // Learner terms: answered only when the sentence asks what the term means (lexicon LEARNER_TERMS).
  | 'dividend'
  | 'ipo'
  | 'sip'
  | 'short-selling'
  | 'settlement'
  | 'bull-bear'
  | 'volume'
  | 'derivatives'
  | 'gtt'
  | 'split-bonus'
  | 'demat'
  | 'mutual-fund'
  | 'share'
  | 'diversification'
  | 'bid-ask'
  | 'volatility';

export type MoversType = 'gainers' | 'losers' | 'active';
export type ChartType = 'line' | 'candlestick' | 'area';

/** The sub-operation of a list-and-change intent (watchlist, alert, gtt, orders, journal). */
export type SaytrixOp =
  'list' | 'status' | 'add' | 'remove' | 'create' | 'change' | 'delete' | 'cancel' | 'modify' | 'note';

/** A per-stock figure beyond the quote: 52-week range, 50/200-day averages. */
export type SaytrixMetric = '52w' | 'dma50' | 'dma200';

/** Which P&L the question named; the words and values follow the glossary (`FIGURES`). */
export type SaytrixPnl = 'total' | 'realised' | 'unrealised' | 'day';

/** The slots a follow-up may change on the previous turn. */
export type FollowUpSlot =
  | 'symbol'
  | 'quantity'
  | 'price'
  | 'level'
  | 'period'
  | 'fraction'
  | 'side'
  | 'pnl'
  | 'op'
  | 'sector'
  | 'metric'
  | 'product';

/** The slots of the last answered turn, kept in the session so a follow-up can edit them. */
export interface LastTurn {
  intent: SaytrixIntent;
  op?: SaytrixOp;
  symbols: string[];
  quantity?: number;
  fraction?: 'half' | 'all' | 'quarter';
  amount?: number;
  orderType?: 'MARKET' | 'LIMIT' | 'STOP';
  product?: 'MIS';
  price?: number;
  triggerPrice?: number;
  condition?: 'above' | 'below';
  alertPrice?: number;
  period?: Period;
  /** ISO strings: the context is stored as JSON. */
  from?: string;
  to?: string;
  side?: 'BUY' | 'SELL';
  metric?: SaytrixMetric;
  pnl?: SaytrixPnl;
  scope?: 'my' | 'market';
  sector?: string;
  /** The proposal the reply carried, if any ("make it 10" edits it). */
  action?: SaytrixAction;
}

/** What the previous turns leave for the next one ("and TCS?", "make it 10", "the first one"). */
export interface SaytrixContext {
  lastIntent?: SaytrixIntent;
  lastSymbols?: string[];
  pending?: { intent: SaytrixIntent; options: string[]; message: string };
  last?: LastTurn;
}

/** What an options question asks about (the Options Lab's chain on the simulated market). */
export interface OptionAsk {
  underlying: 'NIFTY' | 'BANKNIFTY';
  ask:
    'chain' | 'contract' | 'straddle' | 'expiry' | 'lot' | 'future' | 'vix' | 'positions' | 'stock-options';
  strike?: number;
  type?: 'CE' | 'PE';
  /** A Kite trading symbol as typed (upper case). */
  tradingsymbol?: string;
  /** "monthly" asks for the month's contract; "next" for the expiry after the nearest. */
  expiryHint?: 'monthly' | 'next';
  /** The sentence asked to buy or sell it: answered with the quote and where to trade, never an action. */
  wantsTrade?: boolean;
}

export interface Parsed {
  intent: SaytrixIntent;
  symbols: string[];
  ambiguous?: Ambiguity;
  quantity?: number;
  fraction?: 'half' | 'all' | 'quarter';
  amount?: number;
  orderType?: 'MARKET' | 'LIMIT' | 'STOP';
  /** MIS when the request said intraday or MIS; otherwise the order is delivery (CNC). */
  product?: 'MIS';
  price?: number;
  triggerPrice?: number;
  condition?: 'above' | 'below';
  alertPrice?: number;
  period?: Period;
  chartType?: ChartType;
  path?: string;
  movers?: MoversType;
  concept?: ConceptId;
  from?: Date;
  to?: Date;
  side?: 'BUY' | 'SELL';
  /** best/worst: my biggest gainer/loser; contribution: what moved my portfolio today. */
  focus?: 'best' | 'worst' | 'contribution';
  orderStatus?: 'open' | 'filled' | 'cancelled' | 'all';
  /** The message asked for a tip or a prediction, which Saytrix never gives. */
  tip?: boolean;
  /** The rules saw a service or commodity sentence (not a stock): answered as out of scope, never clarified. */
  outOfDomain?: boolean;
  /** The symbol came from the previous turn. */
  fromContext?: boolean;
  /** The stock was found by typo matching. */
  fuzzy?: boolean;
  needsStock?: boolean;
  /**
   * The message is an instruction (imperative) to change something. Handlers propose an action
   * (buy/sell/add/remove/set/cancel/modify/delete/note) only when this is true: a question never
   * creates an action.
   */
  imperative?: boolean;
  op?: SaytrixOp;
  /** "my" (the user's book) or "market" (the whole universe). */
  scope?: 'my' | 'market';
  metric?: SaytrixMetric;
  pnl?: SaytrixPnl;
  /** A sector as named in the universe's `sector` column ("Information Technology", "Financial Services"). */
  sector?: string;
  /** Set with intent `options`. */
  option?: OptionAsk;
  /** Journal note text for `journal` + op `note` (the user's words, kept as text). */
  note?: string;
  /** Set when this turn edited the previous one; handlers show it on the card. */
  followUp?: { edited: FollowUpSlot[] };
  /** The classifier's verdict, for the confidence field and the clarifying question. */
  classifier?: { label: string; score: number };
  /** Set with intent `clarify`: a short question and the choices offered as suggestions. */
  clarify?: { question: string; options: string[] };
  text: string;
}

/** The slots of an answered turn as stored for the next one. */
export function lastTurnOf(parsed: Parsed, action?: SaytrixAction): LastTurn {
  const { intent, op, symbols, quantity, fraction, amount, orderType, product, price, triggerPrice } = parsed;
  const { condition, alertPrice, period, side, metric, pnl, scope, sector } = parsed;
  const entries = Object.entries({
    intent,
    op,
    symbols,
    quantity,
    fraction,
    amount,
    orderType,
    product,
    price,
    triggerPrice,
    condition,
    alertPrice,
    period,
    from: parsed.from?.toISOString(),
    to: parsed.to?.toISOString(),
    side,
    metric,
    pnl,
    scope,
    sector,
    action,
  }).filter(([, v]) => v !== undefined);
  return Object.fromEntries(entries) as unknown as LastTurn;
}
