import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { NeuralNetwork } from '@nlpjs/neural';
import { normalise } from '../saytrix.normalise.js';
import type { StockFinder } from '../saytrix.stocks.js';
import { type SaytrixModel, type Verdict, verdictOf } from './classifier.js';
import { buildCorpus, type Utterance } from './corpus.js';
import { featuresOf } from './features.js';

/** Training settings: few enough epochs to train in seconds, deterministic (zero-initialised weights). */
const SETTINGS = { iterations: 150, errorThresh: 0.00005, deltaErrorThresh: 0.000001, learningRate: 0.6 };
/** The dev split's accuracy the threshold must reach among answers scored at or above it. */
const TARGET_PRECISION = 0.98;

/**
 * The corpus hash: the utterances plus the source of the feature and normaliser code, so editing
 * either makes the committed model stale (a unit test recomputes it).
 */
export function corpusHash(corpus: readonly Utterance[]): string {
  const code = ['./features.ts', '../saytrix.normalise.ts', '../saytrix.stocks.ts', './corpus.ts'].map(
    (rel) => readFileSync(fileURLToPath(new URL(rel, import.meta.url)), 'utf8'),
  );
  return createHash('sha256')
    .update(JSON.stringify({ corpus, settings: SETTINGS, code }))
    .digest('hex')
    .slice(0, 16);
}

export function inputOf(text: string, finder: StockFinder): Record<string, number> {
  const n = normalise(text);
  return featuresOf(n, finder.find(n.words, n.upperTokens, false).matches);
}

/** The smallest threshold whose dev answers at or above it are right at least TARGET_PRECISION of the time. */
export function chooseThreshold(scored: Array<{ verdict: Verdict; label: string }>): number {
  for (let t = 0.1; t < 0.95; t += 0.02) {
    const kept = scored.filter((s) => s.verdict.score >= t);
    const right = kept.filter((s) => s.verdict.label === s.label).length;
    if (kept.length && right / kept.length >= TARGET_PRECISION) return Math.round(t * 100) / 100;
  }
  return 0.95;
}

/** Trains on the train split only; the threshold comes from dev; test is left for the bench. */
export function train(finder: StockFinder): { model: SaytrixModel; corpus: Utterance[] } {
  const corpus = buildCorpus();
  // A copy: the network writes its default settings into the object it is given.
  const net = new NeuralNetwork({ ...SETTINGS });
  net.train(
    corpus
      .filter((u) => u.split === 'train')
      .map((u) => ({ input: inputOf(u.text, finder), output: { [u.label]: 1 } })),
  );
  const json = net.toJSON();
  json.perceptrons = json.perceptrons.map((row) => row.map((w) => Math.round(w * 10_000) / 10_000));
  const rounded = new NeuralNetwork();
  rounded.fromJSON(json);
  const dev = corpus
    .filter((u) => u.split === 'dev')
    .map((u) => ({ label: u.label, verdict: verdictOf(rounded.run(inputOf(u.text, finder))) }));
  return {
    model: { corpusHash: corpusHash(corpus), threshold: chooseThreshold(dev), network: json },
    corpus,
  };
}
