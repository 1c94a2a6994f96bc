import { round2, type Holding, type RubricCriterion, type RubricLevel } from '@nivesh/shared';

/** The records a rubric is computed from; nothing else is read, nothing is estimated. */
export interface RubricInput {
  trades: number;
  tradesWithNote: number;
  holdings: Pick<Holding, 'symbol' | 'sector' | 'currentValue'>[];
  /** Held symbols with an active GTT. */
  protectedSymbols: number;
  portfolioValue: number;
  maxPositionPercent: number | undefined;
  refusals: number;
}

const share = (part: number, whole: number) => round2((part / whole) * 100);
const byShare = (percent: number): RubricLevel =>
  percent >= 80 ? 'strong' : percent >= 40 ? 'developing' : 'weak';
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * A process rubric (issue 26): habits a teacher can grade, never the return. Each criterion shows
 * its figure, a plain-words level and the basis of that level.
 */
export function processRubric(r: RubricInput): RubricCriterion[] {
  const held = r.holdings.length;
  const sectors = new Set(r.holdings.map((h) => h.sector)).size;
  const largest = r.holdings.reduce((m, h) => Math.max(m, h.currentValue), 0);
  const largestPercent = r.portfolioValue > 0 ? share(largest, r.portfolioValue) : 0;
  const cap = r.maxPositionPercent;
  return [
    {
      key: 'notes',
      label: 'Trades with a reason written',
      figure:
        r.trades === 0
          ? 'No trades yet'
          : `${r.tradesWithNote} of ${plural(r.trades, 'trade')} (${share(r.tradesWithNote, r.trades)}%)`,
      level: r.trades === 0 ? 'unmeasured' : byShare(share(r.tradesWithNote, r.trades)),
      basis: '80% or more of trades with a journal note is strong; 40% or more developing',
    },
    {
      key: 'exits',
      label: 'Exits planned (a GTT stop or target on a holding)',
      figure:
        held === 0
          ? 'No holdings now'
          : `${r.protectedSymbols} of ${plural(held, 'holding')} (${share(r.protectedSymbols, held)}%)`,
      level: held === 0 ? 'unmeasured' : byShare(share(r.protectedSymbols, held)),
      basis: 'Active GTTs on the stocks held now: 80% or more is strong; 40% or more developing',
    },
    {
      key: 'diversification',
      label: 'Diversification',
      figure: held === 0 ? 'No holdings now' : `${plural(sectors, 'sector')} across ${plural(held, 'stock')}`,
      level: held === 0 ? 'unmeasured' : sectors >= 5 ? 'strong' : sectors >= 3 ? 'developing' : 'weak',
      basis: '5 or more sectors held is strong; 3–4 developing; fewer needs work',
    },
    {
      key: 'sizing',
      label: 'Position sizing',
      figure: held === 0 ? 'No holdings now' : `Largest position ${largestPercent}% of the portfolio`,
      level:
        held === 0 || cap === undefined
          ? 'unmeasured'
          : largestPercent <= cap
            ? 'strong'
            : largestPercent <= cap * 1.25
              ? 'developing'
              : 'weak',
      basis:
        cap === undefined
          ? 'This class sets no position cap to compare with'
          : `Within the class cap of ${cap}% is strong; up to a quarter above it (prices moved) developing`,
    },
    {
      key: 'refusals',
      label: 'Orders refused by the class rules',
      figure: plural(r.refusals, 'refusal'),
      level:
        r.trades === 0 && r.refusals === 0
          ? 'unmeasured'
          : r.refusals === 0
            ? 'strong'
            : r.refusals <= 3
              ? 'developing'
              : 'weak',
      basis: 'None is strong; 1–3 developing; more needs work (the rules are shown on the order ticket)',
    },
  ];
}
