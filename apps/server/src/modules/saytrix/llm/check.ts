import { strayNumeral } from './numerals.js';
import { SLOT, type SlotKind, type Slots } from './slots.js';

/**
 * The model's answer is used only when it passes every rule here; otherwise the server's own text
 * stands. The rules answer the escapes seen: a change stated as the price ("trades at ₹1.40"), an
 * execution that never happened ("I have bought 5 ITC for you"), a quantity of 1 turned into a
 * price, holdings sent to another host in an image URL, and numerals in other scripts or words.
 */

/** Links, images, inline HTML, autolinks and reference definitions: the phrased answer has none. */
const LINK =
  /!\[|\]\(|\]\[|<\s*[a-z/!?]|\b[a-z][a-z0-9+.-]*:\/\/|\bwww\.|\b(javascript|data|vbscript|mailto|file)\s*:|^\s*\[[^\]]*\]\s*:|\S@[\w-]+\.[\w.-]*[a-z]/im;

/** Claims that something was executed. Tools are read-only, so no answer may make one. */
const EXECUTION =
  /\b(bought|sold|purchased|placed|executed|ordered|filled|done|completed|i\s*(have|'ve|ve)\s+(bought|sold|placed|ordered|executed|purchased|put)|order\s+(is\s+)?(placed|done|executed|submitted))\b|\b(kharid|khareed|bech|bhej|le)\s*(liya|liye|li|diya|diye|di|dia)\b|\b(order|buy|sell|trade|place)\s+kar\s*(diya|diye|di|dia)\b|खरीद\s*(लिया|ली|लिए)|बेच\s*(दिया|दी|दिए)|ऑर्डर\s*(कर\s*)?दिया/i;

const MONEY_KINDS: readonly SlotKind[] = ['price', 'money', 'change'];
/** Role words just before a slot and the kinds each allows. */
const ROLES_BEFORE: Array<[RegExp, readonly SlotKind[]]> = [
  [
    /(\b(trades?|trading|traded|quoted|is|was|stands?|sits?|now)\s+(at|near|around)|\bprice\s*(is|of|was|:)?|\bprice\b[^.]{0,24}\b(is|was|:)|\bltp\s*(is|of|:)?|\bpriced\s+at|\bcosts?)\s*$/i,
    ['price', 'points'],
  ],
  [
    /\b(up|down|change[ds]?|rose|risen|fell|fallen|gained|lost|moved|jumped|dropped|climbed|slipped)\s*(by|of|:)?\s*$/i,
    ['change', 'percent', 'points'],
  ],
];
/** Unit words just after a slot and the kinds each allows. */
const ROLES_AFTER: Array<[RegExp, readonly SlotKind[]]> = [
  [/^\s*(rupees?|rupaye|rupay|rs\b|inr\b)/i, MONEY_KINDS],
  [/^\s*(%|percent|per\s*cent|pc\b)/i, ['percent']],
  [/^\s*(shares?|units?|qty\b)/i, ['quantity']],
  [/^\s*(points|pts)\b/i, ['points', 'change']],
];
const CURRENCY_BEFORE = /(₹|\$|\brs\.?|\binr|\brupees?)\s*$/i;

export type CheckResult = { ok: true; text: string } | { ok: false; reason: string };

/** The reason the answer fails, or the answer with its slots filled. */
export function checkAnswer(text: string, slots: Slots): CheckResult {
  const stripped = text.replace(/[*_]/g, '');
  if (LINK.test(stripped)) return { ok: false, reason: 'link or image' };
  if (EXECUTION.test(stripped)) return { ok: false, reason: 'execution claim' };
  for (const m of stripped.matchAll(SLOT)) {
    const slot = slots.get(m[1]!);
    if (!slot) return { ok: false, reason: `unknown slot ${m[1]}` };
    const before = stripped.slice(Math.max(0, m.index - 40), m.index);
    const after = stripped.slice(m.index + m[0].length, m.index + m[0].length + 16);
    if (CURRENCY_BEFORE.test(before) && !MONEY_KINDS.includes(slot.kind))
      return { ok: false, reason: `currency on a ${slot.kind} slot` };
    const lead = before.replace(CURRENCY_BEFORE, '');
    for (const [role, kinds] of ROLES_BEFORE) {
      if (role.test(lead) && !kinds.includes(slot.kind))
        return { ok: false, reason: `${slot.kind} slot in a ${kinds[0]} role` };
    }
    for (const [role, kinds] of ROLES_AFTER) {
      if (role.test(after) && !kinds.includes(slot.kind))
        return { ok: false, reason: `${slot.kind} slot in a ${kinds[0]} role` };
    }
  }
  const numeral = strayNumeral(stripped.replace(SLOT, ' '), slots.serverWords);
  if (numeral) return { ok: false, reason: `numeral not from a slot: ${numeral}` };
  // A currency sign the model put before a slot that already carries one is dropped, not doubled;
  // So is a % after a percent slot (any other slot before a % has failed above).
  const single = text.replace(/(₹|\$)\s*(?=\{\{s\d+\}\})/g, '').replace(/(\{\{s\d+\}\})\s*%/g, '$1');
  return { ok: true, text: slots.fill(single) };
}
