import {
  FEE_LINES,
  FIGURES,
  type FeeBreakdownRupees,
  type Quote,
  type SaytrixStockData,
} from '@nivesh/shared';
import { asOf, inr, money } from '../saytrix.format.js';
import type { Parsed } from '../saytrix.parsed.js';
import type { Draft, HandlerDeps, Turn } from './types.js';

// Phrasing shared by the handlers: stock cards, as-of lines, fee lines, the follow-up note.

export const HELP_SUGGESTIONS = [
  'Show me NIFTY performance',
  "What are today's top gainers?",
  'How much cash do I have?',
  'Portfolio analysis',
];

export function stockData(q: Quote): SaytrixStockData {
  return {
    symbol: q.symbol,
    name: q.name,
    price: q.price,
    change: q.change,
    changesPercentage: q.changesPercentage,
    volume: q.volume,
    dayHigh: q.dayHigh,
    dayLow: q.dayLow,
    previousClose: q.previousClose,
  };
}

/** A quote's valuation time: the market time of the price used. */
export const quoteAsOf = (d: HandlerDeps, quote: { lastUpdated: string }) =>
  asOf(quote.lastUpdated, d.tools.source);
export const nowAsOf = (d: HandlerDeps) => asOf(new Date(d.now()), d.tools.source);

export function itemise(fees: FeeBreakdownRupees): string {
  return FEE_LINES.map(({ key, label }) => `- ${label} ${inr(fees[key])}`).join('\n');
}

export function expertQuoteLines(q: Quote): string[] {
  const lines = [`Open ${money(q, q.open)}.`];
  if (q.yearLow !== null && q.yearHigh !== null)
    lines.push(`52-week range ${money(q, q.yearLow)} – ${money(q, q.yearHigh)}.`);
  if (q.pe !== null) lines.push(`P/E ${q.pe.toFixed(2)}.`);
  return [lines.join(' ')];
}

/** Inside a replay there is no order preview (it prices at the live market). */
export const NO_PREVIEW =
  'I can’t preview charges inside a replay: the order preview prices at the live market. The replay charges the same fees when an order fills there.';

export const round2 = (v: number) => Math.round(v * 100) / 100;

export function askForStock(parsed: Parsed, response: string): Draft {
  return {
    intent: parsed.intent,
    response,
    suggestions: ['Price of Reliance', 'TCS quote', 'Top gainers today'],
    confidence: 'low',
  };
}

/**
 * A plain refusal or "nothing there" reply, at high confidence: it is a fact about the account.
 * `about` is the one stock it is about (params.symbol, for the client's card).
 */
export const says = (
  intent: Draft['intent'],
  response: string,
  suggestions: string[] = [],
  about?: string,
): Draft => ({
  intent,
  response,
  suggestions,
  ...(about ? { params: { symbol: about } } : {}),
  confidence: 'high',
});

/** The glossary figure of each P&L a question may name. */
const PNL_FIGURE = {
  total: 'totalPnl',
  realised: 'realisedPnl',
  unrealised: 'unrealisedPnl',
  day: 'daysPnl',
} as const;

const PERIOD_WORDS: Record<string, string> = {
  '1D': 'today',
  '5D': 'the last 5 days',
  '1M': 'the last month',
  '3M': 'the last 3 months',
  '6M': 'the last 6 months',
  '1Y': 'the last year',
  '5Y': 'the last 5 years',
};

/**
 * What a follow-up took from the previous turn, for the card: "Quantity 5 → 10 from your last
 * request", "Same question for INFY", "Period: last week". Undefined when the turn is not a follow-up.
 */
export function followUpContext({ parsed, context }: Turn): string | undefined {
  const edited = parsed.followUp?.edited;
  if (!edited?.length) return undefined;
  const last = context.last;
  const parts: string[] = [];
  for (const slot of edited) {
    if (slot === 'quantity' && parsed.quantity !== undefined)
      parts.push(
        last?.quantity !== undefined
          ? `Quantity ${last.quantity} → ${parsed.quantity} from your last request`
          : `Quantity ${parsed.quantity}`,
      );
    else if (slot === 'symbol' && parsed.symbols[0]) parts.push(`Same question for ${parsed.symbols[0]}`);
    else if (slot === 'period') {
      const period = parsed.period ? (PERIOD_WORDS[parsed.period] ?? parsed.period) : undefined;
      const range = parsed.from
        ? `${parsed.from.toISOString().slice(0, 10)}${parsed.to ? ` – ${parsed.to.toISOString().slice(0, 10)}` : ''}`
        : undefined;
      parts.push(`Period: ${period ?? range ?? 'changed'}`);
    } else if (slot === 'price' && parsed.price !== undefined)
      parts.push(
        last?.price !== undefined ? `Price ${last.price} → ${parsed.price}` : `Price ${parsed.price}`,
      );
    else if (slot === 'level' && parsed.alertPrice !== undefined)
      parts.push(
        last?.alertPrice !== undefined
          ? `Level ${last.alertPrice} → ${parsed.alertPrice} from your last alert`
          : `Level ${parsed.alertPrice}`,
      );
    else if (slot === 'product')
      parts.push(parsed.product === 'MIS' ? 'Now intraday (MIS)' : 'Now delivery (CNC)');
    else if (slot === 'fraction' && parsed.fraction) parts.push(`${parsed.fraction} of it`);
    else if (slot === 'side' && parsed.side) parts.push(`Now a ${parsed.side.toLowerCase()}`);
    else if (slot === 'pnl' && parsed.pnl) parts.push(`Now the ${FIGURES[PNL_FIGURE[parsed.pnl]].name}`);
    else if (slot === 'op' && parsed.op)
      parts.push(`Now: ${parsed.op} instead of ${last?.op ?? 'the last request'}`);
  }
  const text = parts.join('; ');
  return text ? text.slice(0, 200) : undefined;
}

/** A reply about one stock: its lines, the quote's as-of line, and its card. */
export function stockReply(
  d: HandlerDeps,
  intent: Draft['intent'],
  q: Quote,
  lines: string[],
  suggestions: string[],
): Draft {
  return {
    intent,
    response: [...lines, quoteAsOf(d, q)].join('\n\n'),
    stockData: stockData(q),
    suggestions,
  };
}

/**
 * The stock a reply is about, as `params.symbol`, so the client can show its card: only when the
 * question named exactly one stock (a list over several stocks is about none of them).
 */
export const aboutOne = (parsed: Parsed): { symbol?: string } =>
  parsed.symbols.length === 1 ? { symbol: parsed.symbols[0]! } : {};
