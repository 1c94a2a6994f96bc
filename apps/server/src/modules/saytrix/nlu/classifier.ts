import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NeuralNetwork, type NeuralJson } from '@nlpjs/neural';
import { packageRoot } from '../../../paths.js';
import type { Normalised } from '../saytrix.normalise.js';
import type { StockMatch } from '../saytrix.stocks.js';
import { featuresOf } from './features.js';

/** The committed model: written by `npm run saytrix:train -w @nivesh/server`, never at run time. */
export interface SaytrixModel {
  /** Hash of the corpus and the feature code version it was trained on (a test checks it is current). */
  corpusHash: string;
  /** Below this score the answer is a clarifying question; chosen on the dev split. */
  threshold: number;
  network: NeuralJson;
}

export interface Verdict {
  label: string;
  /** The top output's share of all outputs (0..1); calibrated against the dev split by the bench. */
  score: number;
  /** Labels by score, best first (the clarifying question offers the first few). */
  ranked: Array<{ label: string; score: number }>;
}

export const MODEL_PATH = path.join(packageRoot, 'data/saytrix/model.json');

let loaded: { model: SaytrixModel; net: NeuralNetwork } | undefined;

/** Loads the committed model once, synchronously, at first use. */
export function model(): { model: SaytrixModel; net: NeuralNetwork } {
  if (!loaded) {
    const json = JSON.parse(readFileSync(MODEL_PATH, 'utf8')) as SaytrixModel;
    const net = new NeuralNetwork();
    net.fromJSON(json.network);
    loaded = { model: json, net };
  }
  return loaded;
}

export function verdictOf(outputs: Record<string, number> | undefined): Verdict {
  const entries = Object.entries(outputs ?? {});
  const total = entries.reduce((sum, [, v]) => sum + v, 0);
  const ranked = entries
    .map(([label, v]) => ({ label, score: total > 0 ? v / total : 0 }))
    .sort((a, b) => b.score - a.score || a.label.localeCompare(b.label));
  const top = ranked[0] ?? { label: 'unknown', score: 0 };
  return { label: total > 0 ? top.label : 'unknown', score: top.score, ranked };
}

/** The classifier's verdict on a normalised message whose stocks are already found. */
export function classify(n: Normalised, stocks: readonly StockMatch[], net = model().net): Verdict {
  return verdictOf(net.run(featuresOf(n, stocks)));
}
