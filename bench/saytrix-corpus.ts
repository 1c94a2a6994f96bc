// Saytrix corpus figures: the committed classifier's accuracy on each split of its corpus
// (train / dev / test, split by a hash of the text), per-label test accuracy, and a calibration
// table (confidence bins vs accuracy) on dev, where the threshold is chosen. Test is only reported.
import { model, verdictOf, type Verdict } from '../apps/server/src/modules/saytrix/nlu/classifier.js';
import { buildCorpus, type Split } from '../apps/server/src/modules/saytrix/nlu/corpus.js';
import { inputOf } from '../apps/server/src/modules/saytrix/nlu/train.js';
import { StockFinder } from '../apps/server/src/modules/saytrix/saytrix.stocks.js';
import { bundledInstruments } from '../apps/server/src/modules/saytrix/saytrix.fixtures.test-support.js';

const finder = new StockFinder(bundledInstruments());
const { model: m, net } = model();
const corpus = buildCorpus();
const scored = corpus.map((u) => ({ ...u, verdict: verdictOf(net.run(inputOf(u.text, finder))) as Verdict }));
const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');

console.log(`corpus ${corpus.length} utterances, threshold ${m.threshold} (chosen on dev)`);
for (const split of ['train', 'dev', 'test'] as Split[]) {
  const rows = scored.filter((s) => s.split === split);
  const right = rows.filter((s) => s.verdict.label === s.label).length;
  const kept = rows.filter((s) => s.verdict.score >= m.threshold);
  const keptRight = kept.filter((s) => s.verdict.label === s.label).length;
  console.log(
    `  ${split.padEnd(5)} n=${String(rows.length).padEnd(5)} accuracy ${pct(right, rows.length).padStart(6)}   answered (score ≥ threshold) ${pct(kept.length, rows.length).padStart(6)} at ${pct(keptRight, kept.length)}`,
  );
}

console.log('\nCalibration on dev (score bin: n, accuracy):');
const dev = scored.filter((s) => s.split === 'dev');
for (let lo = 0; lo < 1; lo += 0.1) {
  const bin = dev.filter((s) => s.verdict.score >= lo && s.verdict.score < lo + 0.1);
  const right = bin.filter((s) => s.verdict.label === s.label).length;
  console.log(
    `  ${lo.toFixed(1)}–${(lo + 0.1).toFixed(1)}  n=${String(bin.length).padEnd(5)} ${pct(right, bin.length)}`,
  );
}

console.log('\nPer label (corpus size; test accuracy):');
const labels = [...new Set(corpus.map((u) => u.label))].sort();
for (const label of labels) {
  const all = corpus.filter((u) => u.label === label).length;
  const test = scored.filter((s) => s.split === 'test' && s.label === label);
  const right = test.filter((s) => s.verdict.label === label).length;
  console.log(
    `  ${label.padEnd(13)} ${String(all).padStart(4)}  test ${right}/${test.length} ${pct(right, test.length)}`,
  );
}
if (process.env.CORPUS_VERBOSE)
  for (const s of scored.filter((x) => x.split === 'dev' && x.verdict.label !== x.label))
    console.log(`  miss "${s.text}" want ${s.label} got ${s.verdict.label} ${s.verdict.score.toFixed(2)}`);
