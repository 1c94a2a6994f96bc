// Set A at the parse level: every line of heldout.jsonl through Saytrix's understanding only
// (parse() with the bundled instruments), no handlers. It measures the grammar + classifier alone,
// including intents whose handlers are still to come (the chat scorer, score.ts, sees those as
// whatever the service answers). Set A is SPENT as a held-out set: it is the NLU's dev set now
// (see README.md). New intents are mapped onto set A's older labels by `asSetA` (scoring.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SaytrixAction } from '@nivesh/shared';
import { parse } from '../../apps/server/src/modules/saytrix/saytrix.grammar.js';
import {
  lastTurnOf,
  type Parsed,
  type SaytrixContext,
} from '../../apps/server/src/modules/saytrix/saytrix.parsed.js';
import { StockFinder } from '../../apps/server/src/modules/saytrix/saytrix.stocks.js';
import { bundledInstruments } from '../../apps/server/src/modules/saytrix/saytrix.fixtures.test-support.js';
import { intentMatches } from './intent-map.js';

interface Label {
  text: string;
  intent: string;
  slots: Record<string, string | number | string[]>;
  accept?: Record<string, string[]>;
}
type Line = (Label & { id: string }) | { id: string; turns: Label[] };

const here = path.dirname(fileURLToPath(import.meta.url));
// `--set b` reads set B (also a dev set now); the default is set A.
const setB = process.argv.includes('--set') && process.argv[process.argv.indexOf('--set') + 1] === 'b';
const lines = readFileSync(path.join(here, setB ? 'heldout-b.jsonl' : 'heldout.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Line);
const finder = new StockFinder(bundledInstruments());
const NOW = new Date('2026-11-27T06:00:00Z');
const SLOTS = ['symbol', 'quantity', 'price', 'side', 'product', 'condition', 'path', 'op', 'note'];

function actionOf(p: Parsed): SaytrixAction | undefined {
  if (!p.imperative) return undefined;
  if (p.intent === 'buy') return 'buy_stock';
  if (p.intent === 'sell') return 'sell_stock';
  if (p.intent === 'alert' && p.op === 'create') return 'set_alert';
  if (p.intent === 'watchlist' && p.op === 'add') return 'add_watchlist';
  if (p.intent === 'watchlist' && p.op === 'remove') return 'remove_watchlist';
  return undefined;
}

function observed(slot: string, p: Parsed): string | number | undefined {
  switch (slot) {
    case 'symbol':
      return p.symbols[0] ?? /^\/stock\/([^/]+)/.exec(p.path ?? '')?.[1];
    case 'price':
      return p.price ?? p.alertPrice ?? p.triggerPrice;
    case 'side':
      return p.side ?? (p.intent === 'buy' ? 'BUY' : p.intent === 'sell' ? 'SELL' : undefined);
    case 'product':
      return p.product ?? (p.intent === 'buy' || p.intent === 'sell' ? 'CNC' : undefined);
    case 'op':
      // The chat scorer reads a journal note from its action, add_journal_note.
      return p.op === 'note' ? 'add_note' : (p.op ?? 'list');
    default:
      return (p as unknown as Record<string, string | number | undefined>)[slot];
  }
}

function slotRight(slot: string, label: Label, p: Parsed): boolean | undefined {
  const want = label.slots[slot];
  if (want === undefined || Array.isArray(want)) return undefined;
  const got = observed(slot, p);
  if (got === undefined) return false;
  if (typeof want === 'number') return Math.abs(Number(got) - want) < 0.005;
  const norm = (v: string | number) => String(v).toUpperCase();
  return [want, ...(label.accept?.[slot] ?? [])].map(norm).includes(norm(got));
}

let n = 0;
let intents = 0;
let both = 0;
let questionActions = 0;
const misses: string[] = [];
const score = (label: Label, p: Parsed) => {
  n += 1;
  const intentOk = intentMatches(p.intent, label.intent);
  const slotsOk = SLOTS.every((s) => slotRight(s, label, p) !== false);
  if (intentOk) intents += 1;
  if (intentOk && slotsOk) both += 1;
  const isAction =
    ['buy', 'sell'].includes(label.intent) ||
    ['add', 'remove', 'create', 'change', 'delete'].includes(String(label.slots.op));
  if (!isAction && actionOf(p)) questionActions += 1;
  if (!intentOk || !slotsOk)
    misses.push(
      `  miss "${label.text}" want ${label.intent} ${JSON.stringify(label.slots)} got ${p.intent} op=${p.op ?? ''} ${p.symbols.join(',')} q=${p.quantity ?? ''} p=${observed('price', p) ?? ''} ${p.condition ?? ''} ${p.path ?? ''} clf=${p.classifier?.label}:${p.classifier?.score}`,
    );
  return intentOk && slotsOk;
};

let convRight = 0;
let conversations = 0;
for (const line of lines) {
  if ('turns' in line) {
    conversations += 1;
    let context: SaytrixContext = {};
    let all = true;
    for (const turn of line.turns) {
      const p = parse(turn.text, finder, context, NOW);
      all = score(turn, p) && all;
      context = { last: lastTurnOf(p, actionOf(p)), lastIntent: p.intent, lastSymbols: p.symbols };
    }
    if (all) convRight += 1;
  } else score(line, parse(line.text, finder, {}, NOW));
}
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}%`;
console.log(`Set ${setB ? 'B' : 'A'} at the parse level (${n} utterances incl. conversation turns):`);
console.log(`  intent accuracy        ${intents}/${n} = ${pct(intents, n)}`);
console.log(`  intent + scored slots  ${both}/${n} = ${pct(both, n)}`);
console.log(`  conversations all right ${convRight}/${conversations}`);
console.log(`  questions with an action ${questionActions}`);
if (process.env.HELDOUT_VERBOSE) console.log(misses.join('\n'));
