import {
  createJournalEntryRequestSchema,
  updateJournalEntryRequestSchema,
  type CreateJournalEntryRequest,
  type JournalEntry,
  type JournalFill,
  type UpdateJournalEntryRequest,
} from '@nivesh/shared';

/** What the journal form holds: text as typed, so a half-typed price is not lost. */
export interface JournalForm {
  ticker: string;
  quantity: string;
  price: string;
  type: 'BUY' | 'SELL';
  setup: string;
  tags: string;
  stop: string;
  target: string;
  confidence: number | null;
  note: string;
  review: string;
}

export const EMPTY_FORM: JournalForm = {
  ticker: '',
  quantity: '',
  price: '',
  type: 'BUY',
  setup: '',
  tags: '',
  stop: '',
  target: '',
  confidence: null,
  note: '',
  review: '',
};

const text = (value: number | null) => (value === null ? '' : String(value));

export function formFromEntry(entry: JournalEntry): JournalForm {
  return {
    ticker: entry.ticker,
    quantity: String(entry.quantity),
    price: String(entry.price),
    type: entry.type,
    setup: entry.setup ?? '',
    tags: entry.tags.join(', '),
    stop: text(entry.stop),
    target: text(entry.target),
    confidence: entry.confidence,
    note: entry.note,
    review: entry.review,
  };
}

export function formFromFill(fill: JournalFill): JournalForm {
  return {
    ...EMPTY_FORM,
    ticker: fill.ticker,
    quantity: String(fill.quantity),
    price: String(fill.price),
    type: fill.type,
  };
}

/** "Breakout, swing ,, gap" → ['Breakout', 'swing', 'gap']; the server lower-cases and de-duplicates. */
export function parseTags(value: string): string[] {
  return value
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
}

/** An empty box is "not given"; anything else goes to the schema as a number (or NaN, which it refuses). */
function numberOrUndefined(value: string): number | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}
function numberOrNull(value: string): number | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : Number(trimmed);
}

type Result<T> = { ok: true; body: T } | { ok: false; errors: Record<string, string> };

function firstErrors(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '_form');
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * The request the form stands for, checked by the same schema the server uses. A linked entry
 * sends no ticker/quantity/price/type: the server takes them from the fill.
 */
export function toRequest(
  form: JournalForm,
  link: { fillId: string } | { orderId: string } | null,
  editing: boolean,
): Result<CreateJournalEntryRequest | UpdateJournalEntryRequest> {
  const extras = {
    setup: form.setup.trim() === '' ? null : form.setup,
    tags: parseTags(form.tags),
    stop: numberOrNull(form.stop),
    target: numberOrNull(form.target),
    confidence: form.confidence,
    note: form.note,
    review: form.review,
  };
  const facts = link
    ? link
    : {
        ticker: form.ticker,
        quantity: numberOrUndefined(form.quantity),
        price: numberOrUndefined(form.price),
        type: form.type,
      };
  const schema = editing ? updateJournalEntryRequestSchema : createJournalEntryRequestSchema;
  const parsed = schema.safeParse({ ...facts, ...extras });
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: firstErrors(parsed.error.issues) };
}
