// Printing the held-out figures: intent, per-slot and intent+slots accuracy, questions that became
// proposals, opposite proposals, conversations, figure accuracy and per-intent confusion.
import type { SaytrixReply } from '@nivesh/shared';
import { intentMatches } from './intent-map.js';
import {
  PROPOSALS,
  isActionLabel,
  isOpposite,
  observed,
  scoredSlots,
  slotCorrect,
  type Label,
  type SetName,
} from './labels.js';

export interface Outcome {
  id: string;
  label: Label;
  reply: SaytrixReply | undefined;
  /** Set B lines with a figure: whether the reply stated it (before or after the chat call). */
  figureExact?: boolean;
}

export const pct = (n: number, d: number) => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)}%`);

/** Set A's labels predate the issue-24 intents, so its replies may use their newer names; set B's use them as is. */
export const intentRight = (set: SetName, o: Outcome) =>
  set === 'a' ? intentMatches(o.reply?.intent, o.label.intent) : o.reply?.intent === o.label.intent;
export const allSlotsRight = (set: SetName, o: Outcome) =>
  o.reply !== undefined &&
  scoredSlots(set).every((slot) => slotCorrect(set, slot, o.label, o.reply!) !== false);

const verbose = Boolean(process.env.HELDOUT_VERBOSE);
const describe = (o: Outcome) =>
  verbose
    ? `    ${o.id} "${o.label.text}" → ${o.reply!.action} ${JSON.stringify(o.reply!.params ?? {})}`
    : '';

export function report(set: SetName, title: string, outcomes: Outcome[]) {
  const n = outcomes.length;
  const answered = outcomes.filter((o) => o.reply).length;
  const intents = outcomes.filter((o) => intentRight(set, o)).length;
  const both = outcomes.filter((o) => intentRight(set, o) && allSlotsRight(set, o)).length;
  console.log(`\n${title}: ${n} utterances, ${answered} answered`);
  console.log(`  intent accuracy          ${intents}/${n} = ${pct(intents, n)}`);
  console.log(`  intent + scored slots    ${both}/${n} = ${pct(both, n)}`);
  console.log('  slot accuracy (labelled lines; "missing" = the reply carried no value for it):');
  for (const slot of scoredSlots(set)) {
    let right = 0;
    let labelled = 0;
    let missing = 0;
    for (const o of outcomes) {
      if (!o.reply) continue;
      const r = slotCorrect(set, slot, o.label, o.reply);
      if (r === undefined) continue;
      labelled += 1;
      if (r) right += 1;
      else if (slot !== 'op' && observed(set, slot, o.reply) === undefined) missing += 1;
    }
    if (labelled > 0)
      console.log(
        `    ${slot.padEnd(10)} ${String(right).padStart(4)}/${String(labelled).padEnd(4)} = ${pct(right, labelled).padStart(6)}   (missing ${missing})`,
      );
  }
  const questions = outcomes.filter((o) => o.reply && !isActionLabel(set, o.label));
  const became = questions.filter((o) => o.reply!.action !== undefined && PROPOSALS.has(o.reply!.action));
  const opposite = outcomes.filter((o) => o.reply && isOpposite(set, o.label, o.reply));
  console.log(`  question became an action  ${became.length} of ${questions.length} non-action lines`);
  for (const o of became) if (verbose) console.log(describe(o));
  console.log(`  opposite-action proposal   ${opposite.length}`);
  for (const o of opposite) if (verbose) console.log(describe(o));
}

export function reportFigures(outcomes: Outcome[]) {
  const withFigure = outcomes.filter((o) => o.figureExact !== undefined);
  const exact = withFigure.filter((o) => o.figureExact).length;
  console.log(`\nfigures exact: ${exact}/${withFigure.length} = ${pct(exact, withFigure.length)}`);
  const byKey = new Map<string, { n: number; exact: number }>();
  for (const o of withFigure) {
    const row = byKey.get(o.label.figure!) ?? { n: 0, exact: 0 };
    row.n += 1;
    if (o.figureExact) row.exact += 1;
    byKey.set(o.label.figure!, row);
  }
  for (const [key, row] of [...byKey].sort((a, b) => b[1].n - a[1].n))
    console.log(`    ${key.padEnd(17)} ${row.exact}/${row.n}`);
}

/** Per-intent confusion over every utterance (singles and turns), the worst first. */
export function reportConfusion(set: SetName, all: Outcome[]) {
  const byIntent = new Map<string, { n: number; right: number; got: Map<string, number> }>();
  for (const o of all) {
    const row = byIntent.get(o.label.intent) ?? { n: 0, right: 0, got: new Map<string, number>() };
    row.n += 1;
    if (intentRight(set, o)) row.right += 1;
    else {
      const got = o.reply?.intent ?? '(no reply)';
      row.got.set(got, (row.got.get(got) ?? 0) + 1);
    }
    byIntent.set(o.label.intent, row);
  }
  const rows = [...byIntent].sort((a, b) => a[1].right / a[1].n - b[1].right / b[1].n);
  console.log('\nPer-intent confusion, worst first (label: right/n → what it became instead):');
  for (const [intent, row] of rows) {
    const instead = [...row.got]
      .sort((a, b) => b[1] - a[1])
      .map(([g, c]) => `${g}×${c}`)
      .join(', ');
    console.log(
      `  ${intent.padEnd(13)} ${String(row.right).padStart(3)}/${String(row.n).padEnd(3)} ${pct(row.right, row.n).padStart(6)}  ${instead}`,
    );
  }
}

export function reportMisses(set: SetName, all: Outcome[]) {
  if (!verbose) return;
  for (const o of all)
    if (!intentRight(set, o) || !allSlotsRight(set, o) || o.figureExact === false)
      console.log(
        `  miss ${o.id} "${o.label.text}" want ${o.label.intent} ${JSON.stringify(o.label.slots)} ${o.label.figure ?? ''} got ${o.reply?.intent} ${o.reply?.action ?? ''} ${JSON.stringify(o.reply?.params ?? {})} ${o.reply?.stockData?.symbol ?? ''}${o.figureExact === false ? ` | ${o.reply?.response.slice(0, 200)}` : ''}`,
      );
}
