import * as chrono from 'chrono-node';
import type { Period } from '@nivesh/shared';
import type {
  ChartType,
  ConceptId,
  MoversType,
  Parsed,
  SaytrixMetric,
  SaytrixPnl,
} from '../saytrix.parsed.js';
import type { StockMatch } from '../saytrix.stocks.js';
import { CONCEPTS, PERIODS } from './lexicon.js';

export function detectConcept(text: string): ConceptId | undefined {
  for (const [re, id] of CONCEPTS) if (re.test(text)) return id;
  return undefined;
}

export function detectPeriod(text: string): Period | undefined {
  for (const [re, period] of PERIODS) if (re.test(text)) return period;
  return undefined;
}

export function detectChartType(text: string): ChartType | undefined {
  if (/\bcandle(stick)?s?\b|\bohlc\b/.test(text)) return 'candlestick';
  if (/\barea\b|\bmountain\b/.test(text)) return 'area';
  if (/\bline\b/.test(text)) return 'line';
  return undefined;
}

export function detectMovers(text: string): MoversType {
  if (
    /\b(losers?|loosers|losrs|fallers|down|losing|loss|lost|laggards|worst|falling|fell|fallen|dropped|crash\w*|tank\w*|plung\w*|slump\w*|sink\w*|red|gir\w*|toot\w*|tut[ae]\w*|neeche)\b/.test(
      text,
    )
  )
    return 'losers';
  if (/\b(active|traded|volume)\b/.test(text)) return 'active';
  return 'gainers';
}

/** Words of the normalised text that name neither a stock nor a number, for the quantity reader. */
export function wordsOutside(words: string[], matches: StockMatch[]): string {
  const used = new Set<number>();
  for (const m of matches) for (let k = m.start; k < m.end; k += 1) used.add(k);
  return words.map((w, k) => (used.has(k) ? 'STOCK' : w)).join(' ');
}

/** Quantity, amount, order type and prices of a trade ("buy 10 tcs at 3500", "sell half my infy", "invest ₹10000 in itc"). */
export function readTrade(masked: string, parsed: Parsed) {
  if (/\bhalf\b/.test(masked)) parsed.fraction = 'half';
  else if (/\b(quarter|1\/4)\b/.test(masked)) parsed.fraction = 'quarter';
  else if (
    /\b(all|everything|entire|whole|full)\b/.test(masked) ||
    // "exit my itc position", "close out my wipro holding": the whole position.
    /\b(exit|close|close out|square off|liquidate)\b.*\b(position|holding|stake)\b/.test(masked) ||
    // "square off my itc" is all of it; "square off my sbin, sell 1" says its size.
    (/\b(square off|squareoff|square up)\b/.test(masked) && !/\d/.test(masked))
  )
    parsed.fraction = 'all';

  const stopPrice =
    /\b(?:stop ?loss|stop|sl|trigger(?:ed)?|stop-loss)\b(?: (?:order|price))?(?: (?:at|of|@|for))? ₹?\s?(?<price>\d+(?:\.\d+)?)/.exec(
      masked,
    );
  // Every "at/for/limit N" in order: "buy order for 6 STOCK at 1900" skips the size to reach the price.
  const limitPrices = [
    ...masked.matchAll(
      /(?:\b(?:at|@|limit|price|for|below|under|above|comes? (?:down )?to|hits?|reaches|touches)\b|@) ?(?:(?:a )?(?:limit )?(?:price )?(?:of )?)?₹?\s?(\d+(?:\.\d+)?)(?! ?(shares|stocks|units|quantity))/g,
    ),
  ];
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
    /\b(\d+) (?:more )?(?:shares? )?(?:of )?STOCK\b/.exec(masked) ??
    /\badd (\d+)\b(?! rupees| ?₹)(?!\.\d)/.exec(masked) ??
    /\b(?:quantity|qty)\b ?(?:of )?(\d+)\b/.exec(masked) ??
    /\bSTOCK (\d+)\b(?! rupees)(?!\.\d)(?! ?(?:at|@))/.exec(masked) ??
    /\b(\d+) of (those|them|these|it|that|this)\b/.exec(masked) ??
    // "5 khareed lo" reads "5 buy lo": the Hinglish size comes before the verb.
    /^(\d+) (?:more )?(?:shares? )?(?:buy|sell)\b/.exec(masked);

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
  const limit = limitPrices
    .map((m) => Number(m[1]))
    .find((price) => price > 0 && price !== parsed.quantity && price !== parsed.amount);
  if (!parsed.orderType && limit !== undefined) {
    parsed.orderType = 'LIMIT';
    parsed.price = limit;
  }
  // "limit buy 40 itc 395", "buy 10 tcs 3500": a second bare number after the stock is its price.
  const bare = /\bSTOCK ₹?\s?(\d+(?:\.\d+)?)$|\bSTOCK ₹?\s?(\d+(?:\.\d+)?) (?:limit|rs|rupees|pe|par)\b/.exec(
    masked,
  );
  const barePrice = bare ? Number(bare[1] ?? bare[2]) : undefined;
  if (
    !parsed.orderType &&
    parsed.quantity !== undefined &&
    barePrice !== undefined &&
    barePrice > 0 &&
    barePrice !== parsed.quantity &&
    parsed.amount === undefined
  ) {
    parsed.orderType = 'LIMIT';
    parsed.price = barePrice;
  }
}

/** The date range of a history question, read by chrono-node against the market's clock. */
export function readDates(text: string, now: Date, parsed: Parsed) {
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
export function startOfIstDay(date: Date): Date {
  const ist = date.getTime() + IST_MS;
  return new Date(ist - (ist % 86_400_000) - IST_MS);
}

/** 52-week high/low and the 50/200-day averages ("52 week high", "200 dma", "50-day moving average"). */
export function readMetric(text: string): SaytrixMetric | undefined {
  if (/\b(52|fifty two)[ -]?(week|wk|weeks)\b|\b(yearly|annual) (high|low)s?\b|\b52w\b/.test(text))
    return '52w';
  // "its one-year high", "saal bhar ka low", "highest in the last year": the 52-week range said casually.
  if (
    /\b(?:year|yr|saal|12 months?)(?:'s| bhar| ka| ki| ke)? (?:high|low|highs|lows|range|peak|top|bottom)\b/.test(
      text,
    ) ||
    /\b(?:high|low|highest|lowest|peak)(?: price| level)? (?:of|in|for|over) (?:the |a |this )?(?:last |past )?(?:1 |one )?(?:year|yr|12 months)\b/.test(
      text,
    )
  )
    return '52w';
  if (/\b200[ -]?(day|d|dma|days?)\b|\b200 ?dma\b/.test(text)) return 'dma200';
  if (/\b50[ -]?(day|d|dma|days?)\b|\b50 ?dma\b/.test(text)) return 'dma50';
  return undefined;
}

/** Which P&L a portfolio question names, in the glossary's words. */
export function readPnl(text: string): SaytrixPnl | undefined {
  if (/\b(unrealised|unrealized|paper (profit|loss|gains?)|on paper)\b/.test(text)) return 'unrealised';
  if (/\b(realised|realized|booked)\b/.test(text)) return 'realised';
  if (
    /\b(today|day's|days|day|daily)\b/.test(text) &&
    /\b(pnl|profit|loss|made|lost|gain|gained|up|down)\b/.test(text)
  )
    return 'day';
  if (/\b(total|overall|net)\b/.test(text) && /\b(pnl|profit|loss|returns?)\b/.test(text)) return 'total';
  return undefined;
}
