// The grammar's trade stages: scope, trades done, charges, and buy/sell instructions.
import type { ConceptId, Parsed } from '../saytrix.parsed.js';
import { VOCABULARY } from '../saytrix.vocabulary.js';
import {
  BUY,
  CONSUMER_SERVICE,
  FEES,
  FEES_PAID,
  HELP,
  HOW_MUCH,
  NOT_AN_INSTRUMENT,
  OFF_TOPIC,
  PAST_TRADE,
  REAL_ACCOUNT,
  SELL,
  TELECOM_PLAN,
  TIP,
} from './lexicon.js';
import { QUESTION } from './rules.app.js';
import type { Stage } from './rules.stage.js';
import { readDates, readTrade } from './slots.js';

/** Out of scope (a service or commodity), a tip or an opinion, and a plain help question. */
export function scopeRule(s: Stage): Parsed | undefined {
  const { text, masked, parsed, stockSymbols, hasStock } = s;
  // "recharge my airtel number", "silver ka bhav": the sentence is about a service or a commodity.
  const stockWord = /\b(share|shares|stock|stocks|scrip|equity|ltp|quote|chart)\b/.test(text);
  if (
    (CONSUMER_SERVICE.test(masked) &&
      !stockWord &&
      !/\b(buy|sell|holding|holdings|portfolio)\b/.test(masked)) ||
    (NOT_AN_INSTRUMENT.test(masked) && !stockWord) ||
    (OFF_TOPIC.test(masked) && !stockWord && !stockSymbols.length) ||
    (TELECOM_PLAN.test(text) && !stockWord) ||
    REAL_ACCOUNT.test(text)
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
  if (TIP.test(text) || opinion) {
    // "should i buy infosys", "should i sell it?": no advice, but the one stock's facts (its quote),
    // as a broker's assistant answers; a group, savings or no stock gets the refusal alone.
    if (!stockSymbols.length && s.refersBack && s.contextSymbols.length && !s.hasStock) s.useContext();
    const one = stockSymbols.length === 1 ? stockSymbols : parsed.fromContext ? parsed.symbols : [];
    if (one.length === 1 && !/\b(group|psu|savings|salary|portfolio|stocks|shares)\b/.test(masked))
      return {
        ...parsed,
        intent: 'quote',
        tip: true,
        ambiguous: undefined,
        symbols: one,
        imperative: undefined,
      };
    return { ...parsed, intent: 'unknown', tip: true, ambiguous: undefined, symbols: stockSymbols };
  }

  if (HELP.test(text) && !hasStock) return { ...parsed, intent: 'help' };
  return undefined;
}

/** "what did I buy last week", "fees paid": the trades done. */
export function pastTradeRule(s: Stage): Parsed | undefined {
  const { text, masked, parsed, now } = s;
  if (PAST_TRADE.test(masked) || FEES_PAID.test(masked)) {
    parsed.intent = 'transactions';
    if (/\b(bought|buy|buys|purchases)\b/.test(masked) && !/\b(sold|sell|sells|sales)\b/.test(masked))
      parsed.side = 'BUY';
    else if (/\b(sold|sell|sells|sales)\b/.test(masked) && !/\b(bought|buy|buys)\b/.test(masked))
      parsed.side = 'SELL';
    readDates(text, now, parsed);
    return parsed;
  }
  return undefined;
}

/** Charges: computed for a stated trade, the schedule for "how much", the meaning for "what is". */
export function feesRule(s: Stage): Parsed | undefined {
  const { text, masked, parsed, refersBack, useContext, explainWord, concept } = s;
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
    // "what are the brokerage charges", "any fee for intraday trades", "stamp duty on buying shares":
    // the charges of a kind of trade are asked as amounts too; "what is brokerage" stays a definition.
    const ofATrade =
      /\b(fees?|charges?|brokerage|stt|gst|stamp duty|taxes) (on|for|of|in|when) (buying |selling |a |an |my )?(buy|sell|delivery|intraday|trades?|trading|orders?|shares|stocks|equity)\b/.test(
        masked,
      ) ||
      /^(is there|are there|do you charge|do i pay|any)\b/.test(text) ||
      /^(what are|what're) the \w+ (charges|fees)$/.test(text);
    const meaning = /^(what is|what's|explain|define|meaning)\b|\b(meaning|matlab|kya hota)\b/.test(text);
    if (
      (HOW_MUCH.test(masked) && !meaning && !/^what are\b/.test(text)) ||
      (ofATrade && !/^(explain|define|meaning)\b|\b(meaning|matlab|kya hota)\b/.test(text))
    )
      return chargesOf(parsed, masked);
    // "intraday charges", "gst on brokerage", "dp charges kya hai", "what fees does nivesh take": the
    // charges asked as amounts (the schedule); only "what is stt" or "meaning of brokerage", a
    // charge named on its own, asks for the definition.
    const definition =
      /^(explain|define)\b|\b(meaning|means?|matlab|kya hota|kya hote|stand for|stands for)\b/.test(text) ||
      new RegExp(`^(what is|what's|whats|what are) (the |a |an )?(${CHARGE_NAMES})( in nivesh| here)?$`).test(
        text,
      );
    const chargeConcept = !concept || CHARGE_CONCEPTS.has(concept) || concept === 'product';
    if (!definition && chargeConcept && CHARGE_WORDS.test(masked)) return chargesOf(parsed, masked);
    if (concept) return { ...parsed, intent: 'explain', concept };
  }
  return undefined;
}

const CHARGE_NAMES =
  'stt|gst|stamp duty|brokerage|commission|securities transaction tax|exchange (transaction )?charges?|sebi (turnover )?fees?';
const CHARGE_WORDS = /\b(fees?|charges?|brokerage|commission|stt|gst|stamp duty|taxes|tax|dp)\b/;
const CHARGE_CONCEPTS = new Set<ConceptId>([
  'charges',
  'stt',
  'brokerage',
  'gst',
  'exchange-charge',
  'sebi-fee',
  'stamp-duty',
]);

/** The charge schedule's answer, for the side and product the sentence names. */
function chargesOf(parsed: Parsed, masked: string): Parsed {
  parsed.intent = 'fees';
  parsed.side = /\b(sell|selling|sold|sale)\b/.test(masked) ? 'SELL' : 'BUY';
  // Delivery (CNC) is the default product, so only intraday is marked.
  if (/\b(intraday|mis)\b/.test(masked)) parsed.product = 'MIS';
  return parsed;
}

/** An instruction to buy or sell; a question about a trade is answered, never proposed. */
export function tradeRule(s: Stage): Parsed | undefined {
  const { n, text, masked, parsed, found, refersBack, useContext, explainWord } = s;
  const buy = BUY.test(masked);
  const sell = SELL.test(masked);
  // "i want to buy, take me there": the trading screen, not an order for no stock.
  const toScreen = !s.stockSymbols.length && /\btake me (there|to it|to the page)\b/.test(masked);
  if ((buy || sell) && !explainWord && !toScreen && !/\b(how to|how do i|how can i)\b/.test(masked)) {
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
  return undefined;
}
