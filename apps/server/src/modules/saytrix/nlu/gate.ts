import type { SaytrixIntent } from '@nivesh/shared';
import type { Parsed } from '../saytrix.parsed.js';
import type { Verdict } from './classifier.js';
import { VOCABULARY } from '../saytrix.vocabulary.js';
import { ROUTES } from './lexicon.js';

/** Words that say the sentence is about a stock, so a typo may be matched to one. */
export const STOCK_CUE =
  /\b(share|shares|stock|stocks|price|prices|prise|bhav|rate|quote|ltp|buy|sell|chart|news|invest|holding|trading at|kharido|becho|scrip|equity)\b/;
/** Intents about one stock: the classifier saying one of these is a cue too (with a stricter score). */
const STOCK_INTENTS = new Set([
  'quote',
  'holding',
  'buy',
  'sell',
  'chart',
  'news',
  'compare',
  'alert',
  'watchlist',
  'fees',
  'why',
]);

/**
 * May a typo be matched to a stock? Never when the classifier is sure the sentence is out of the
 * app's domain ("weather in delhi", "bitcoin price"); otherwise only with a stock cue word or a
 * confident stock intent from the classifier.
 */
export function fuzzyAllowed(text: string, verdict: Verdict, threshold: number): boolean {
  if (verdict.label === 'unknown' && verdict.score >= threshold) return false;
  if (STOCK_CUE.test(text)) return true;
  return STOCK_INTENTS.has(verdict.label) && verdict.score >= Math.max(threshold, 0.8);
}

/**
 * The least top score at which a sentence the rules could not read gets a clarifying question
 * instead of "outside what I can help with": with about thirty intents, 0.4 on one of them is
 * already a clear lean (lowered from 0.45 when the options intent split the probability mass).
 */
const CLARIFY_SCORE = 0.4;

/** Intents the classifier alone may decide: read-only, needing no slot the rules did not find. */
const ADOPTABLE = new Set<SaytrixIntent>([
  'portfolio',
  'cash',
  'orders',
  'transactions',
  'movers',
  'index',
  'news',
  'help',
  'greeting',
  'habits',
  'leaderboard',
  'sectors',
  'journal',
  'gtt',
  'watchlist',
  'alert',
]);
/** Intents that need a stock; adopted only when the rules found one. */
const NEEDS_STOCK = new Set<SaytrixIntent>(['quote', 'chart', 'holding', 'why']);

const OPTION_TEXT: Partial<Record<SaytrixIntent, (s?: string) => string>> = {
  quote: (s) => (s ? `Price of ${s}` : 'Show a stock price'),
  chart: (s) => (s ? `Chart of ${s}` : 'Open charts'),
  news: (s) => (s ? `News on ${s}` : 'Latest market news'),
  holding: (s) => (s ? `My ${s} holding` : 'Show my holdings'),
  why: (s) => (s ? `Why did ${s} move today?` : 'Top gainers today'),
  fees: (s) => (s ? `Charges to buy 1 ${s}` : 'What are the charges?'),
  buy: (s) => (s ? `Buy 1 ${s}` : 'How do I buy a share?'),
  sell: (s) => (s ? `Sell 1 ${s}` : 'How do I sell a share?'),
  portfolio: () => 'Show my portfolio',
  cash: () => 'How much cash do I have?',
  orders: () => 'Show my orders',
  transactions: () => 'My trades this month',
  movers: () => 'Top gainers today',
  index: () => 'How is the market today?',
  watchlist: () => 'Show my watchlist',
  alert: () => 'Show my alerts',
  gtt: () => 'Show my GTT orders',
  journal: () => 'Show my trade journal',
  habits: () => 'My trading habits',
  leaderboard: () => 'My leaderboard rank',
  sectors: () => 'How are sectors doing today?',
  explain: () => 'Explain order types',
  compare: () => 'Compare TCS and Infosys',
  navigate: () => 'Open the dashboard',
  help: () => 'What can you do?',
  options: () => 'NIFTY option chain',
};

/** A short question with 2–4 choices from the classifier's best labels. */
export function clarifyOf(parsed: Parsed, verdict: Verdict): Parsed {
  const symbol = parsed.symbols[0];
  const options = verdict.ranked
    .filter(
      (r) =>
        r.score >= 0.1 &&
        r.label !== 'unknown' &&
        r.label !== 'greeting' &&
        OPTION_TEXT[r.label as SaytrixIntent],
    )
    .slice(0, 3)
    .map((r) => OPTION_TEXT[r.label as SaytrixIntent]!(symbol));
  if (options.length < 3) options.push('What can you do?');
  return {
    ...parsed,
    intent: 'clarify',
    imperative: undefined,
    clarify: {
      question: 'I am not sure what you meant. Did you mean one of these?',
      options: [...new Set(options)].slice(0, 4),
    },
  };
}

/**
 * The classifier's word on the rules' answer: out-of-domain sentences become `unknown`; a sentence
 * the rules could not read is answered by a confident classifier (read-only intents only) or gets
 * a clarifying question; an action never rests on the classifier alone.
 */
export function decide(parsed: Parsed, verdict: Verdict, threshold: number, exactStock: boolean): Parsed {
  const withVerdict: Parsed = {
    ...parsed,
    classifier: { label: verdict.label, score: round(verdict.score) },
  };
  if (
    parsed.tip ||
    parsed.outOfDomain ||
    parsed.followUp ||
    parsed.intent === 'greeting' ||
    parsed.intent === 'clarify' ||
    // Read only, and only on an index with an options word: the classifier has no options corpus.
    parsed.intent === 'options'
  )
    return withVerdict;
  const outOfDomain = verdict.label === 'unknown' && verdict.score >= threshold;
  // "remind me to call mom": an alert with neither a stock nor a level is not a price alert.
  const bareAlert =
    parsed.intent === 'alert' &&
    parsed.op === 'create' &&
    !parsed.symbols.length &&
    parsed.alertPrice === undefined;
  if (bareAlert && verdict.label !== 'alert' && !parsed.ambiguous)
    return { ...withVerdict, intent: 'unknown', op: undefined, imperative: undefined, needsStock: undefined };
  if (parsed.intent !== 'unknown') {
    if (
      outOfDomain &&
      !exactStock &&
      !parsed.ambiguous &&
      parsed.intent !== 'navigate' &&
      parsed.intent !== 'help'
    )
      return {
        ...withVerdict,
        intent: 'unknown',
        symbols: [],
        fuzzy: undefined,
        imperative: undefined,
        needsStock: undefined,
      };
    return withVerdict;
  }
  if (verdict.label === 'unknown' || parsed.ambiguous) return withVerdict;
  const label = verdict.label as SaytrixIntent;
  if (verdict.score >= threshold) {
    if (label === 'index' && !parsed.symbols.length)
      return { ...withVerdict, intent: 'index', symbols: ['NIFTY50', 'SENSEX'] };
    if (ADOPTABLE.has(label)) return { ...withVerdict, intent: label, op: opFor(label) };
    const route = label === 'navigate' ? ROUTES.find(([re]) => re.test(parsed.text)) : undefined;
    if (route) return { ...withVerdict, intent: 'navigate', path: route[1] };
    if (NEEDS_STOCK.has(label) && parsed.symbols.length) return { ...withVerdict, intent: label };
  }
  // "asdfgh", "qwerty zxcv": keys mashed, no word of the app's; a clarifying question would pretend otherwise.
  if (verdict.score >= CLARIFY_SCORE && !isGibberish(parsed.text)) return clarifyOf(withVerdict, verdict);
  return withVerdict;
}

/** No word the app knows, and at least one that cannot be a word (no vowel, or four consonants in a row). */
export function isGibberish(text: string): boolean {
  const words = text.split(' ').filter(Boolean);
  if (!words.length || words.some((w) => VOCABULARY.has(w) || /\d/.test(w))) return false;
  return words.some((w) => !/[aeiouy]/.test(w) || /[bcdfghjklmnpqrstvwxz]{4}/.test(w));
}

function opFor(label: SaytrixIntent): Parsed['op'] {
  return ['orders', 'watchlist', 'alert', 'gtt', 'journal'].includes(label) ? 'list' : undefined;
}

const round = (x: number) => Math.round(x * 1000) / 1000;
