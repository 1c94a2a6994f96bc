/**
 * Counter-based pseudo-random numbers: every draw is a pure hash of (key, counters), so a price
 * for any symbol and minute can be computed on any instance, in any order, after any restart,
 * and comes out the same. Nothing here keeps state.
 */

/** FNV-1a of a string, to turn the seed and symbols into 32-bit keys. */
export function keyOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A 32-bit finaliser with good avalanche (lowbias32). */
function mix(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

export function hash(key: number, a: number, b: number, c: number): number {
  let h = mix(key ^ 0x9e3779b9);
  h = mix(h ^ (a | 0));
  h = mix(h ^ (b | 0) ^ 0x85ebca6b);
  return mix(h ^ (c | 0) ^ 0xc2b2ae35);
}

/** Uniform in (0, 1). */
export function uniform(key: number, a: number, b: number, c: number): number {
  return (hash(key, a, b, c) + 0.5) / 4294967296;
}

/** Standard normal (Box–Muller on two independent uniforms). */
export function normal(key: number, a: number, b: number, c: number): number {
  const u1 = uniform(key, a, b, c);
  const u2 = uniform(key ^ 0x5bd1e995, a, b, c);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}
