/**
 * Every figure of a server answer becomes a slot the model can cite but never change, and each
 * slot keeps the ROLE the server's sentence gave it: a day's change may not come back as the price,
 * a quantity of 1 may not come back as "₹1".
 */

/** A figure as replies print it: ₹1,23,456.78, −₹3.00, +1.47%, 50,57,965, 05:22. */
const FIGURE = /[+−-]?[₹$]?\d[\d,]*(?:[.:]\d+)?%?/g;
export const SLOT = /\{\{(s\d+)\}\}/g;

export const SLOT_KINDS = [
  'price',
  'money',
  'change',
  'percent',
  'quantity',
  'count',
  'points',
  'date',
  'time',
] as const;
export type SlotKind = (typeof SLOT_KINDS)[number];

export interface SlotValue {
  text: string;
  kind: SlotKind;
}

const MONTH = /^\s*\**\s*(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/i;
const MONTH_BEFORE = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?,?\s*$/i;
/** Words before a figure that make it a per-share price. */
const PRICE_BEFORE =
  /(\b(is|was|trades?|trading|traded|quoted|last|now)\s+(at|near|around)|\bat|@|\bprice\s*(is|of|:)?|\bltp\s*(is|of|:)?|\brange|\bclose|\bopen|\bhigh|\blow|[–-])\s*$/i;
/** Words before a figure that make it a move. */
const CHANGE_BEFORE = /\b(up|down|change[ds]?|rose|fell|gained|lost|moved|p&l|pnl)\s*(by|of|:)?\s*$/i;
const QUANTITY_AFTER = /^\s*\**\s*(shares?|qty|units?)\b/i;
const QUANTITY_BEFORE = /\b(hold|holding|own|qty|quantity|buy|sell|bought|sold)\s*(only|of|:)?\s*$/i;
const POINTS_AFTER = /^\s*\**\s*(points|pts)\b/i;

/** The kind of one figure from how it is written and the words around it in its sentence. */
export function kindOf(figure: string, before: string, after: string): SlotKind {
  const lead = before.replace(/[*_]/g, '').slice(-40);
  if (figure.includes(':')) return 'time';
  if (MONTH.test(after) || MONTH_BEFORE.test(lead)) return 'date';
  if (figure.endsWith('%')) return 'percent';
  const signed = /^[+−-]/.test(figure);
  if (/[₹$]/.test(figure)) {
    if (signed || CHANGE_BEFORE.test(lead)) return 'change';
    return PRICE_BEFORE.test(lead) || /^\s*each\b/i.test(after) ? 'price' : 'money';
  }
  if (QUANTITY_AFTER.test(after) || QUANTITY_BEFORE.test(lead)) return 'quantity';
  if (POINTS_AFTER.test(after)) return 'points';
  if (signed) return 'change';
  // Index levels are the only bare figures printed with decimals.
  return /\.\d/.test(figure) ? 'points' : 'count';
}

/** The slots of one chat: numbered across the draft and every tool result the model saw. */
export class Slots {
  private readonly values = new Map<string, SlotValue>();
  /** Words of the server's own text, so a symbol such as MCX is not read as a Roman numeral. */
  readonly serverWords = new Set<string>();

  slot(text: string): string {
    for (const word of text.match(/[\p{L}]+/gu) ?? []) this.serverWords.add(word);
    return text.replace(FIGURE, (figure, offset: number) => {
      const sentenceStart = Math.max(text.lastIndexOf('.', offset - 2), text.lastIndexOf('\n', offset));
      const before = text.slice(sentenceStart + 1, offset);
      const after = text.slice(offset + figure.length, offset + figure.length + 24);
      const id = `s${this.values.size + 1}`;
      this.values.set(id, { text: figure, kind: kindOf(figure, before, after) });
      return `{{${id}}}`;
    });
  }

  get(id: string): SlotValue | undefined {
    return this.values.get(id);
  }

  /** The slots with their kinds, as the model is told them. */
  legend(): string {
    return [...this.values].map(([id, v]) => `${id}=${v.kind}`).join(', ');
  }

  /** The text with every slot replaced by its figure (the check has passed before this). */
  fill(text: string): string {
    return text.replace(SLOT, (_m, id: string) => this.values.get(id)!.text);
  }
}
