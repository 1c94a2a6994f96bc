import { StemmerEn } from '@nlpjs/lang-en-min';
import type { Normalised } from '../saytrix.normalise.js';
import type { StockMatch } from '../saytrix.stocks.js';

const stemmer = new StemmerEn();
let stemmed = 0;

/** The snowball stem of a word; the stemmer's cache is reset now and then so user words cannot grow it forever. */
function stem(word: string): string {
  stemmed += 1;
  if (stemmed > 20_000) {
    stemmer.cache = {};
    stemmed = 0;
  }
  return stemmer.stemWord(word);
}

/**
 * The classifier's features of a normalised message: stems with stocks masked as `STOCK` and
 * numbers as `NUM`/`AMT` (so the model learns the sentence, not the name), stem bigrams, and
 * character trigrams of longer words (typos like "prise" still share most trigrams with "price").
 */
export function featuresOf(n: Normalised, stocks: readonly StockMatch[]): Record<string, number> {
  const tokens: string[] = [];
  for (let k = 0; k < n.words.length; k += 1) {
    const match = stocks.find((m) => m.start === k);
    if (match) {
      tokens.push(match.via === 'index' ? 'INDEX' : 'STOCK');
      k = match.end - 1;
      continue;
    }
    const word = n.words[k]!;
    if (/^₹\d/.test(word)) tokens.push('AMT');
    else if (/^\d+(\.\d+)?%?$/.test(word)) tokens.push('NUM');
    else tokens.push(stem(word.replace(/'s$/, '')));
  }
  const features: Record<string, number> = {};
  for (const t of tokens) features[t] = 1;
  for (let k = 0; k + 1 < tokens.length; k += 1) features[`${tokens[k]}_${tokens[k + 1]}`] = 1;
  if (tokens.length) features[`^${tokens[0]}`] = 1;
  for (const t of tokens) {
    if (t.length < 5 || t === 'STOCK' || t === 'INDEX') continue;
    const padded = `<${t}>`;
    for (let k = 0; k + 3 <= padded.length; k += 1) features[`#${padded.slice(k, k + 3)}`] = 0.5;
  }
  return features;
}
