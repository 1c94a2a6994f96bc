import { expect } from 'vitest';
import type { SaytrixAction } from '@nivesh/shared';
import { parse, type Parsed } from '../saytrix.grammar.js';
import { lastTurnOf, type SaytrixContext } from '../saytrix.parsed.js';
import { StockFinder } from '../saytrix.stocks.js';
import { bundledInstruments } from '../saytrix.fixtures.test-support.js';

/** parse() over the bundled instruments at a fixed market time, for the NLU's unit tests. */
const finder = new StockFinder(bundledInstruments());
const NOW = new Date('2026-11-23T06:00:00Z');
export const read = (message: string, context: SaytrixContext = {}) => parse(message, finder, context, NOW);
const pick = (p: Parsed, keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, (p as unknown as Record<string, unknown>)[k]]));
export const expectParse = (message: string, expected: Record<string, unknown>, context?: SaytrixContext) =>
  expect({ message, ...pick(read(message, context), Object.keys(expected)) }).toEqual({
    message,
    ...expected,
  });
/** The context the service stores after answering `message` (with the proposal it made, if any). */
export const after = (message: string, action?: SaytrixAction): SaytrixContext => {
  const p = read(message);
  return { last: lastTurnOf(p, action), lastIntent: p.intent, lastSymbols: p.symbols };
};
