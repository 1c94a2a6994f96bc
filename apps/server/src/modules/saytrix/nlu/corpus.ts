import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { HAND_WRITTEN, MORE_TEMPLATES, OUT_OF_DOMAIN } from './corpus.extra.js';
import { LEARNER_TEMPLATES } from './corpus.learner.js';
import { TEMPLATES } from './corpus.templates.js';
import { SLOT_VALUES, TYPO_SAFE } from './corpus.slots.js';

export type Split = 'train' | 'dev' | 'test';
export interface Utterance {
  text: string;
  label: string;
  split: Split;
}

/** Utterances generated per label (before de-duplication). */
const PER_LABEL = 260;
const SEED = 2026_11_27;

/** A seeded generator (pure-rand's xoroshiro128+), so the corpus is the same on every machine and run. */
function seeded(seed: number): () => number {
  const rng = xoroshiro128plus(seed);
  return () => uniformFloat64(rng);
}

/** FNV-1a of the text: decides the split, so a sentence stays in its split whatever else changes. */
export function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < text.length; k += 1) {
    h ^= text.charCodeAt(k);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Variants that differ only in case, punctuation or a trailing "please" share a split. */
export function splitOf(text: string): Split {
  const key = text
    .toLowerCase()
    .replace(/[?.!]/g, '')
    .replace(/ please$/, '')
    .trim();
  const bucket = hashOf(key) % 20;
  return bucket < 14 ? 'train' : bucket < 17 ? 'dev' : 'test';
}

/** One typo in a longer word: a dropped, doubled or swapped letter. */
function typo(word: string, rnd: () => number): string {
  const k = 1 + Math.floor(rnd() * (word.length - 2));
  const kind = Math.floor(rnd() * 3);
  if (kind === 0) return word.slice(0, k) + word.slice(k + 1);
  if (kind === 1) return word.slice(0, k) + word[k] + word.slice(k);
  return word.slice(0, k - 1) + word[k] + word[k - 1] + word.slice(k + 1);
}

function fill(template: string, rnd: () => number): string {
  const pick = (values: readonly string[]) => values[Math.floor(rnd() * values.length)]!;
  const text = template.replace(/\{(\w+)\}/g, (_m, slot: string) => pick(SLOT_VALUES[slot] ?? [slot]));
  const words = text.split(' ');
  // One sentence in eight gets a typo in a grammar word (slot values carry their own typos).
  if (rnd() < 0.125) {
    const candidates = words.map((w, k) => [w, k] as const).filter(([w]) => TYPO_SAFE.test(w));
    if (candidates.length) {
      const [w, k] = candidates[Math.floor(rnd() * candidates.length)]!;
      words[k] = typo(w, rnd);
    }
  }
  let out = words.join(' ');
  const style = rnd();
  if (style < 0.1) out = out[0]!.toUpperCase() + out.slice(1);
  else if (style < 0.2) out = `${out}?`;
  else if (style < 0.25) out = `${out} please`;
  return out;
}

/** The labelled corpus: templates × slot values from a seeded generator, plus the hand-written lines. */
export function buildCorpus(): Utterance[] {
  const rnd = seeded(SEED);
  const seen = new Map<string, string>();
  for (const [text, label] of HAND_WRITTEN) seen.set(text, label);
  const all: Record<string, readonly string[]> = { ...TEMPLATES, unknown: OUT_OF_DOMAIN };
  for (const [label, more] of Object.entries(MORE_TEMPLATES)) all[label] = [...(all[label] ?? []), ...more];
  for (const [label, more] of Object.entries(LEARNER_TEMPLATES))
    all[label] = [...(all[label] ?? []), ...more];
  for (const label of Object.keys(all).sort()) {
    const templates = all[label]!;
    for (let k = 0; k < PER_LABEL; k += 1) {
      const text = fill(templates[k % templates.length]!, rnd);
      if (!seen.has(text)) seen.set(text, label);
    }
  }
  return [...seen.entries()].map(([text, label]) => ({ text, label, split: splitOf(text) }));
}
