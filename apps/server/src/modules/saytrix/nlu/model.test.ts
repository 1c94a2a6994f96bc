import { SAYTRIX_INTENTS } from '@nivesh/shared';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { StockFinder } from '../saytrix.stocks.js';
import { bundledInstruments } from '../saytrix.fixtures.test-support.js';
import { MODEL_PATH, type SaytrixModel } from './classifier.js';
import { buildCorpus } from './corpus.js';
import { corpusHash, train } from './train.js';

const committed = JSON.parse(readFileSync(MODEL_PATH, 'utf8')) as SaytrixModel;

describe('the committed Saytrix model', () => {
  it('was trained on the current corpus and feature code (run npm run saytrix:train -w @nivesh/server)', () => {
    expect(committed.corpusHash).toBe(corpusHash(buildCorpus()));
  });

  it('is what training writes again: training is deterministic', () => {
    const { model } = train(new StockFinder(bundledInstruments()));
    expect(model.corpusHash).toBe(committed.corpusHash);
    expect(model.threshold).toBe(committed.threshold);
    // Compared as the JSON written to disk (it has no negative zero).
    expect(JSON.stringify(model.network)).toBe(JSON.stringify(committed.network));
  });

  it('covers every intent but clarify, with several thousand utterances split three ways', () => {
    const corpus = buildCorpus();
    expect(corpus.length).toBeGreaterThan(4000);
    expect(new Set(committed.network.intents)).toEqual(
      new Set(SAYTRIX_INTENTS.filter((i) => i !== 'clarify')),
    );
    const splits = new Map<string, number>();
    for (const u of corpus) splits.set(u.split, (splits.get(u.split) ?? 0) + 1);
    expect([...splits.keys()].sort()).toEqual(['dev', 'test', 'train']);
    expect(splits.get('test')).toBeGreaterThan(300);
  });
});
