import { afinn165FinancialMarketNews as AFINN } from 'afinn-165-financialmarketnews';
import type { NewsTone } from '@nivesh/shared';

/**
 * The tone of a headline: a finance word list (AFINN-165, financial-market-news variant) plus
 * direction rules, because word lists read "Sensex falls 715 points" as neutral or better and
 * "crude surges" as good news. It describes the words, it is not a signal.
 */

/** Words the list lacks or weighs against market usage. */
const EXTRA: Record<string, number> = {
  declined: -2,
  declines: -2,
  slump: -2,
  slumps: -2,
  slumped: -2,
  bearish: -2,
  downgrade: -2,
  downgrades: -2,
  jumps: 2,
  jumped: 2,
  soars: 3,
  soared: 3,
  zooms: 3,
  zoomed: 3,
  surges: 2,
  surged: 2,
  rallies: 2,
  rallied: 2,
  doubles: 2,
  tumbles: -2,
  tumbled: -2,
  sinks: -2,
  sank: -2,
  plunges: -3,
  plunged: -3,
  crashes: -3,
  slides: -2,
  slid: -2,
  dips: -1,
  dipped: -1,
  drags: -2,
  dragged: -2,
  weigh: -1,
  weighs: -1,
  lower: -1,
  low: -1,
  lows: -1,
  highs: 1,
  outperform: 2,
  outperforms: 2,
  underperform: -2,
  beats: 2,
  misses: -2,
  record: 1,
  profit: 1,
  loss: -2,
  losses: -2,
  volatility: -1,
  selloff: -2,
  'sell-off': -2,
  rout: -3,
  correction: -1,
  recovery: 1,
  rebounds: 2,
  rebound: 2,
  gains: 1,
  gain: 1,
  gainers: 0,
  losers: 0,
  top: 0,
  higher: 1,
  up: 0,
  down: 0,
  high: 0,
  tension: -1,
  tensions: -1,
  escalates: -2,
  escalating: -2,
  inflation: -1,
  probe: -2,
  fraud: -3,
  penalty: -2,
  default: -2,
  upbeat: 2,
  optimism: 2,
  cautious: -1,
  cautiously: -1,
};

/** What moves: the market (indices, stocks) — its direction is the headline's tone. */
const SUBJECT =
  /\b(sensex|nifty(?:\s?50|\s(?:bank|it))?|bank nifty|markets?|stocks?|shares?|equities|indices|benchmarks?|index|benchmark indices|profit|net profit|PAT|revenue|margins?|earnings|ADRs?|headcount|sales|m-?cap|mcap)\b/i;
const UP =
  /\b(rises?|rose|rising|gains?|gained|gaining|jumps?|jumped|surges?|surged|soars?|soared|rall(?:y|ies|ied)|climbs?|climbed|advances?|advanced|ends? higher|closes? higher|up \d|higher|rebounds?|extends? gains|hits? (?:a )?record|record high|52-week high|gap[- ]up)\b/i;
const DOWN =
  /\b(falls?|fell|falling|slips?|slipped|drops?|dropped|declines?|declined|sinks?|sank|slides?|slid|tumbles?|tumbled|plunges?|plunged|crash(?:es|ed)?|tanks?|tanked|dips?|dipped|sheds?|ends? lower|closes? lower|down \d|lower|extends? losses|loss(?:es)?|52-week low|straight (?:loss|session)|in (?:the )?red|bleeds?|under pressure|drag(?:s|ged)?|weighs?|gap[- ]down)\b/i;
/** Rising crude, a falling rupee and rising yields are bad news for Indian equities. */
const MACRO_BAD =
  /\b(crude|oil prices?|brent|yields?|inflation)\b[^.;,]{0,25}\b(surg\w*|ris\w*|jump\w*|soar\w*|spik\w*|climb\w*|rose|scorch\w*|above)\b|\b(surg\w*|ris\w*|spik\w*|soar\w*)\b\s+(?:in\s+)?(crude|oil prices?|brent|yields?)\b|\brupee\b[^.;,]{0,15}\b(falls?|fell|slips?|slides?|weakens?|record low|hits? low|drops?|pressure)\b/i;

export interface ToneResult {
  tone: NewsTone;
  score: number;
  /** The words and rules that made the score, for a reader who wants to know why. */
  words: string[];
}

const NEUTRAL_BAND = 2;

function wordScore(text: string, weight: number, words: string[]): number {
  let score = 0;
  for (const raw of text.toLowerCase().match(/[a-z][a-z'-]*/g) ?? []) {
    const w = raw.replace(/'s$/, '');
    const v = EXTRA[w] ?? AFINN[w];
    if (v) {
      score += v * weight;
      if (!words.includes(w)) words.push(w);
    }
  }
  return score;
}

function ruleScore(text: string, weight: number, words: string[]): number {
  let score = 0;
  // Direction of the market: a subject followed within a few words by a direction verb.
  for (const clause of text.split(/[;|:,.]\s|\s[-–—]\s/)) {
    const subject = SUBJECT.exec(clause);
    if (!subject) continue;
    const after = clause.slice(subject.index);
    const up = UP.exec(after);
    const down = DOWN.exec(after);
    const first = up && down ? (up.index < down.index ? 'up' : 'down') : up ? 'up' : down ? 'down' : null;
    if (first === 'up') {
      score += 3 * weight;
      words.push(`${subject[0].toLowerCase()} ${up![0].toLowerCase()}`);
    } else if (first === 'down') {
      score -= 3 * weight;
      words.push(`${subject[0].toLowerCase()} ${down![0].toLowerCase()}`);
    }
  }
  const macro = MACRO_BAD.exec(text);
  if (macro) {
    score -= 3 * weight;
    words.push(macro[0].toLowerCase());
  }
  return score;
}

function combined(text: string, words: string[]): number {
  const rules = ruleScore(text, 1, words);
  const lexical = wordScore(text, 1, words);
  // The direction rules are the stronger evidence; the word list breaks ties and fills gaps.
  return rules !== 0
    ? rules + Math.sign(lexical) * Math.min(Math.abs(lexical), Math.abs(rules) / 2)
    : lexical;
}

/** The headline decides; the snippet only speaks when the headline is neutral. */
export function newsTone(title: string, summary = ''): ToneResult {
  const words: string[] = [];
  let score = combined(title, words);
  if (Math.abs(score) < NEUTRAL_BAND && summary) score += combined(summary, words) / 2;
  const tone: NewsTone = score >= NEUTRAL_BAND ? 'positive' : score <= -NEUTRAL_BAND ? 'negative' : 'neutral';
  return { tone, score, words: words.slice(0, 8) };
}
