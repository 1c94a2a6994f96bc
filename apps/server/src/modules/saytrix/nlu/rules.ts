import { parse } from '../saytrix.grammar.js';
import { normalise, type Normalised } from '../saytrix.normalise.js';
import type { Parsed, SaytrixContext } from '../saytrix.parsed.js';
import type { StockFinder } from '../saytrix.stocks.js';
import { EXPLAIN, GREETING, HELP } from './lexicon.js';
import { appRules } from './rules.app.js';
import {
  chartAndNavigationRule,
  compareRule,
  conceptRule,
  indexRule,
  listRule,
  stockRule,
} from './rules.ask.js';
import { definitionRule } from './rules.learn.js';
import { optionsRule } from './rules.options.js';
import type { Stage } from './rules.stage.js';
import { feesRule, pastTradeRule, scopeRule, tradeRule } from './rules.trade.js';
import { detectConcept, wordsOutside } from './slots.js';

/**
 * The ordered grammar, stage by stage: the first stage that answers decides the intent; actions
 * need a verb and a stock. Order matters: scope before app screens before trades before questions.
 */
const STAGES: Array<(s: Stage) => Parsed | undefined> = [
  scopeRule,
  optionsRule,
  definitionRule,
  (s) =>
    appRules({
      original: s.message,
      text: s.text,
      masked: s.masked,
      parsed: s.parsed,
      hasStock: s.hasStock,
      stockSymbols: s.stockSymbols,
      refersBack: s.refersBack,
      useContext: s.useContext,
      now: s.now,
    }),
  pastTradeRule,
  feesRule,
  tradeRule,
  chartAndNavigationRule,
  conceptRule,
  compareRule,
  listRule,
  indexRule,
  stockRule,
];

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

  const s = readSentence(message, n, finder, context, now, wantsFuzzy, parsed);
  for (const stage of STAGES) {
    const answer = stage(s);
    if (answer) return answer;
  }
  if (HELP.test(text)) return { ...parsed, intent: 'help' };
  return parsed;
}

/** The stocks named in the message and what the stages share. */
function readSentence(
  message: string,
  n: Normalised,
  finder: StockFinder,
  context: SaytrixContext,
  now: Date,
  wantsFuzzy: boolean,
  parsed: Parsed,
): Stage {
  const { text } = n;
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
  return {
    message,
    n,
    text,
    masked,
    parsed,
    found,
    matches,
    stockSymbols,
    indexSymbols,
    hasStock,
    refersBack,
    contextSymbols,
    useContext,
    context,
    now,
    finder,
    explainWord: EXPLAIN.test(text),
    concept: detectConcept(masked),
  };
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
