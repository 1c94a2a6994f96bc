// The definition stage: a learner asking what a market term means gets the term explained.
import type { ConceptId, Parsed } from '../saytrix.parsed.js';
import { EXPLAIN, LEARNER_TERMS, SHARE_TERM } from './lexicon.js';
import type { Stage } from './rules.stage.js';

/** Words around the term that only frame the question ("what is a … in simple words"). */
const FRAME =
  /\b(what is|what's|what are|whats|what does|what do|how does|how do|define|definition of|definition|explain|meaning of|meaning|means?|tell me about|matlab|kya hota|kya hote|in simple words|simply|exactly|actually|for beginners|work|works|a|an|the|mean)\b/g;

function learnerTerm(text: string): { concept: ConceptId; re: RegExp } | undefined {
  for (const [re, concept] of LEARNER_TERMS) if (re.test(text)) return { concept, re };
  return undefined;
}

/**
 * "what is a dividend", "ipo kya hai", "define sip", "how does short selling work", "f&o?": the
 * term explained. Not when the sentence is about the user's own records ("my gtts") or a named
 * stock's figure ("tcs volume"); a stock match made of the term's own words ("stock split") is
 * dropped.
 */
export function definitionRule(s: Stage): Parsed | undefined {
  const { text, masked, parsed, stockSymbols } = s;
  // "my gtts" is a list; "intraday charges kya hai" asks the amounts (the fees stage).
  if (/\b(my|mine|mere|i have|i hold|charges?|fees?|brokerage|tax|taxes)\b/.test(text)) return undefined;
  const asks = EXPLAIN.test(text) || /^(what|whats)\b/.test(text);
  if (asks && SHARE_TERM.test(text.replace(FRAME, ' ').replace(/\s+/g, ' ').trim()))
    return { ...parsed, intent: 'explain', concept: 'share', symbols: [] };
  const term = learnerTerm(text);
  if (!term) return undefined;
  // "tcs volume", "what is the dividend of itc": a real stock beside the term is a question about it.
  const stockBeside = stockSymbols.length > 0 && term.re.test(masked);
  if (stockBeside) return undefined;
  // "intraday" alone may be a follow-up to a trade ("make it intraday"), so it needs the question.
  const bare = term.concept !== 'product' && text.replace(term.re, ' ').replace(FRAME, ' ').trim() === '';
  if (!asks && !bare) return undefined;
  return { ...parsed, intent: 'explain', concept: term.concept, symbols: [], ambiguous: undefined };
}
