// The label format of the held-out sets (README.md, README-b.md) and how a reply is judged against
// a label. Set A keeps the mapping it was written for; set B knows the issue-24 actions (cancel and
// modify an order, remove from the watchlist, change and delete an alert, create and delete a GTT,
// a journal note) and scores their op exactly.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SaytrixReply } from '@nivesh/shared';

/** A: the first set (older labels); B, C, D and E: the issue-24 labels (README-b.md), scored alike. */
export type SetName = 'a' | 'b' | 'c' | 'd' | 'e';
export type Slots = Record<string, string | number | string[]>;
export interface Label {
  text: string;
  intent: string;
  slots: Slots;
  accept?: Record<string, (string | number)[]>;
  /** Set B: a figure the reply must state, read from the app's own endpoint (figures.ts). */
  figure?: string;
  notes?: string;
}
export interface Single extends Label {
  id: string;
}
export interface Conversation {
  id: string;
  turns: Label[];
}
export type Line = Single | Conversation;

const here = path.dirname(fileURLToPath(import.meta.url));
const FILES: Record<SetName, string> = {
  a: 'heldout.jsonl',
  b: 'heldout-b.jsonl',
  c: 'heldout-c.jsonl',
  d: 'heldout-d.jsonl',
  e: 'heldout-e.jsonl',
};

export function loadSet(set: SetName): Line[] {
  return readFileSync(path.join(here, FILES[set]), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Line);
}

/** Every text of a set in order (singles, then each conversation's turns in place). */
export function allTexts(lines: Line[]): string[] {
  return lines.flatMap((line) => ('turns' in line ? line.turns.map((t) => t.text) : [line.text]));
}

/** Proposals that change something once confirmed; a question must never produce one. */
export const PROPOSALS = new Set([
  'buy_stock',
  'sell_stock',
  'add_watchlist',
  'set_alert',
  'cancel_order',
  'modify_order',
  'remove_watchlist',
  'modify_alert',
  'delete_alert',
  'create_gtt',
  'modify_gtt',
  'delete_gtt',
  'add_journal_note',
]);

/** Set B: the op each proposal performs. */
const ACTION_OP: Record<string, string> = {
  add_watchlist: 'add',
  remove_watchlist: 'remove',
  set_alert: 'create',
  modify_alert: 'change',
  delete_alert: 'delete',
  create_gtt: 'create',
  modify_gtt: 'change',
  delete_gtt: 'delete',
  cancel_order: 'cancel',
  modify_order: 'modify',
  add_journal_note: 'add_note',
};
/** Set B: the ops that are actions, per intent; any other op is a question. */
const ACTION_OPS: Record<string, string[]> = {
  watchlist: ['add', 'remove'],
  alert: ['create', 'change', 'delete'],
  gtt: ['create', 'change', 'delete'],
  orders: ['cancel', 'modify'],
  journal: ['add_note'],
};

/** Slots the reply carries (action, params, stockData); the others are labelled but not scored. */
export function scoredSlots(set: SetName): string[] {
  const common = ['symbol', 'quantity', 'price', 'side', 'product', 'condition', 'path', 'op'];
  return set === 'a' ? common : [...common, 'note'];
}

export function isActionLabel(set: SetName, label: Label): boolean {
  if (label.intent === 'buy' || label.intent === 'sell') return true;
  const op = label.slots.op;
  if (set === 'a') {
    if (label.intent === 'watchlist') return op === 'add' || op === 'remove';
    if (label.intent === 'alert') return op === 'create' || op === 'change' || op === 'delete';
    return false;
  }
  return typeof op === 'string' && (ACTION_OPS[label.intent] ?? []).includes(op);
}

/** The proposal that does the opposite of what the label asks for. */
export function isOpposite(set: SetName, label: Label, reply: SaytrixReply): boolean {
  const action = reply.action;
  const op = label.slots.op;
  if (label.intent === 'buy') return action === 'sell_stock';
  if (label.intent === 'sell') return action === 'buy_stock';
  if (label.intent === 'watchlist' && op === 'remove') return action === 'add_watchlist';
  if (label.intent === 'alert' && op === 'delete') return action === 'set_alert';
  if (set === 'a') return false;
  if (label.intent === 'watchlist' && op === 'add') return action === 'remove_watchlist';
  if (label.intent === 'alert' && op === 'create') return action === 'delete_alert';
  if (label.intent === 'gtt' && op === 'delete') return action === 'create_gtt';
  if (label.intent === 'gtt' && op === 'create') return action === 'delete_gtt';
  // Placing a new order when asked to cancel or change a resting one.
  if (label.intent === 'orders' && (op === 'cancel' || op === 'modify'))
    return action === 'buy_stock' || action === 'sell_stock';
  return false;
}

/** What the reply says for one slot, or undefined when it says nothing about it. */
export function observed(set: SetName, slot: string, reply: SaytrixReply): string | number | undefined {
  const params = reply.params ?? {};
  const read = (key: string) => {
    const v = params[key];
    return typeof v === 'string' || typeof v === 'number' ? v : undefined;
  };
  switch (slot) {
    case 'symbol': {
      const fromPath = /^\/stock\/([^/?#]+)/.exec(String(read('path') ?? ''))?.[1];
      return read('symbol') ?? reply.stockData?.symbol ?? fromPath;
    }
    case 'side': {
      if (reply.action === 'buy_stock') return 'BUY';
      if (reply.action === 'sell_stock') return 'SELL';
      return set === 'a' ? undefined : read('side');
    }
    case 'price':
      // A GTT's level is its trigger.
      return set === 'a' ? read('price') : (read('price') ?? read('triggerPrice'));
    case 'op':
      if (set === 'a') {
        if (reply.action === 'add_watchlist') return 'add';
        if (reply.action === 'set_alert') return 'create';
      } else if (reply.action && ACTION_OP[reply.action]) return ACTION_OP[reply.action];
      return reply.action ? `action:${reply.action}` : 'none';
    default:
      return read(slot);
  }
}

export function slotCorrect(
  set: SetName,
  slot: string,
  label: Label,
  reply: SaytrixReply,
): boolean | undefined {
  const want = label.slots[slot];
  if (want === undefined || Array.isArray(want)) return undefined;
  const got = observed(set, slot, reply);
  if (slot === 'op') {
    if (set === 'a') {
      // list/remove/delete/change: no add proposal; change: a set_alert with the new level is fine.
      if (want === 'add' || want === 'create') return got === want;
      if (want === 'change') return got === 'create' || got === 'none' || String(got).startsWith('action:');
      return got !== 'add' && got !== 'create';
    }
    // Set B: an action op needs exactly that proposal; a question op needs no changing proposal.
    if (isActionLabel(set, label)) return got === want;
    return got === 'none' || (String(got).startsWith('action:') && !PROPOSALS.has(String(got).slice(7)));
  }
  if (got === undefined) return false;
  if (slot === 'note') return String(got).toLowerCase().includes(String(want).toLowerCase());
  const norm = (v: string | number) =>
    typeof v === 'number' ? v : v.toUpperCase().replace(/\.(NS|BO)$/, '');
  const accepted = [want, ...(label.accept?.[slot] ?? [])];
  // A number matches any accepted number (e.g. "all my ITC" with part of it on a resting sell).
  if (typeof want === 'number') return accepted.some((a) => Math.abs(Number(got) - Number(a)) < 0.005);
  return accepted.map(norm).includes(norm(got));
}
