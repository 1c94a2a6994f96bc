import type { SaytrixIntent } from '@nivesh/shared';
import { classify, model, type Verdict } from './nlu/classifier.js';
import { followUp } from './nlu/followup.js';
import { decide, fuzzyAllowed, STOCK_CUE } from './nlu/gate.js';
import { parseWith } from './nlu/rules.js';
import { normalise } from './saytrix.normalise.js';
import type { Parsed, SaytrixContext } from './saytrix.parsed.js';
import type { StockFinder } from './saytrix.stocks.js';
import { VOCABULARY } from './saytrix.vocabulary.js';

export type { ChartType, ConceptId, MoversType, Parsed, SaytrixContext } from './saytrix.parsed.js';
export { ROUTES } from './nlu/lexicon.js';

/**
 * Message → understanding, in stages: normalise → classify (intent + domain) → the ordered rules
 * with their slot readers → follow-ups of the last turn → the classifier's word (out of domain,
 * clarify). Synchronous; never fetches data.
 */
export function parse(
  message: string,
  finder: StockFinder,
  context: SaytrixContext = {},
  now: Date = new Date(),
): Parsed {
  const n = normalise(message);
  const exactStocks = finder.find(n.words, n.upperTokens, false).matches;
  const verdict = classify(n, exactStocks);
  const { threshold } = model().model;
  const follow = n.text && !context.pending ? followUp(n, context, finder, now) : undefined;
  const parsed = follow ?? understand(message, finder, context, now, n.text, verdict, threshold);
  return decide(
    parsed,
    verdict,
    threshold,
    exactStocks.some((m) => m.via !== 'fuzzy'),
  );
}

/** The rules on exact names first; a typo pass only where the sentence is about a stock. */
function understand(
  message: string,
  finder: StockFinder,
  context: SaytrixContext,
  now: Date,
  text: string,
  verdict: Verdict,
  threshold: number,
): Parsed {
  const exact = parseWith(message, finder, context, now, false);
  if (exact.symbols.length || exact.ambiguous || exact.tip || !FUZZY_INTENTS.has(exact.intent)) return exact;
  if (exact.intent !== 'unknown' && !exact.needsStock && exact.intent !== 'quote') return exact;
  if (!fuzzyAllowed(text, verdict, threshold)) return exact;
  const typo = parseWith(message, finder, context, now, true);
  if (!typo.fuzzy) return exact;
  // With no other clue that a stock is meant, only a long, close typo counts ("relaince", not "write").
  if (
    exact.intent === 'unknown' &&
    !typo.ambiguous &&
    !STOCK_CUE.test(text) &&
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
