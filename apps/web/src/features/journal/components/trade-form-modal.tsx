import { useState, type FormEvent } from 'react';
import { Link2 } from 'lucide-react';
import {
  JOURNAL_MESSAGES,
  JOURNAL_NOTE_MAX,
  JOURNAL_REVIEW_MAX,
  type JournalEntry,
  type JournalFill,
} from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ToggleGroup } from '../../../components/ui/toggle-group';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatSignedInr, formatPrice } from '../../../lib/money-format';
import { notify } from '../../../lib/notify';
import { useSaveJournalEntry } from '../api/journal-api';
import { EMPTY_FORM, formFromEntry, formFromFill, toRequest, type JournalForm } from '../lib/journal-form';
import { formatDateTime } from '../../../lib/date-format';

const SIDES = [
  { key: 'BUY', label: 'BUY' },
  { key: 'SELL', label: 'SELL' },
] as const;
const CONFIDENCE = [
  { key: '0', label: '—' },
  { key: '1', label: '1' },
  { key: '2', label: '2' },
  { key: '3', label: '3' },
  { key: '4', label: '4' },
  { key: '5', label: '5' },
] as const;
const LINKED_HINT = 'Taken from the linked fill';

/**
 * 'Add New Trade' / 'Edit Trade'. With a fill (from "Add to journal", or an entry already linked)
 * the ticker, quantity, price and side are the fill's and cannot be edited here.
 */
export function TradeFormModal({
  entry,
  fill,
  link,
  onClose,
}: {
  entry: JournalEntry | null;
  fill: JournalFill | null;
  link: { fillId: string } | { orderId: string } | null;
  onClose: () => void;
}) {
  const editing = entry !== null;
  const linkedFill = entry?.fill ?? fill;
  const effectiveLink = entry?.fillId ? { fillId: entry.fillId } : link;
  const [form, setForm] = useState<JournalForm>(() =>
    entry ? formFromEntry(entry) : fill ? formFromFill(fill) : EMPTY_FORM,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveJournalEntry();
  const set = <K extends keyof JournalForm>(key: K, value: JournalForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => {
      const { [key]: _, ...rest } = e;
      return rest;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const request = toRequest(form, effectiveLink, editing);
    if (!request.ok) {
      setErrors(request.errors);
      return;
    }
    try {
      const res = await save.mutateAsync({ id: entry?.id ?? null, body: request.body });
      notify.success(res.message);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length > 0) setErrors(err.fieldErrors);
      notify.error(
        err instanceof ApiError && err.status < 500
          ? err.message
          : errorMessage(err, JOURNAL_MESSAGES.saveFailed),
      );
    }
  };

  const locked = linkedFill !== null;
  return (
    <Modal open title={editing ? 'Edit Trade' : 'Add New Trade'} onClose={onClose} size="lg">
      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        className="space-y-4"
        aria-label={editing ? 'Edit Trade' : 'Add New Trade'}
      >
        {linkedFill ? (
          <p
            className="flex items-start gap-2 rounded-lg bg-indigo-50 px-3 py-2 text-sm text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100"
            data-testid="linked-fill"
          >
            <Link2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              Linked to your {linkedFill.type} fill of {linkedFill.quantity} {linkedFill.ticker} at{' '}
              {formatPrice(linkedFill.price)} on {formatDateTime(linkedFill.executedAt)}; fees{' '}
              {formatPrice(linkedFill.fees)}
              {linkedFill.realizedPnl !== null
                ? `, realised P&L ${formatSignedInr(linkedFill.realizedPnl)}`
                : ''}
              .
            </span>
          </p>
        ) : null}
        {errors.fillId ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errors.fillId}
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Ticker"
            value={form.ticker}
            maxLength={30}
            data-autofocus={locked ? undefined : true}
            placeholder="e.g. RELIANCE"
            autoCapitalize="characters"
            disabled={locked}
            hint={locked ? LINKED_HINT : undefined}
            onChange={(e) => set('ticker', e.target.value)}
            error={errors.ticker}
          />
          <div className="space-y-1.5">
            <span
              className="block text-sm font-medium text-slate-800 dark:text-slate-200"
              id="trade-type-label"
            >
              Type
            </span>
            {locked ? (
              <p className="rounded-lg border border-slate-200 px-3 py-2 text-sm font-semibold dark:border-slate-700 dark:text-white">
                {form.type}
              </p>
            ) : (
              <ToggleGroup
                label="Type"
                variant="segmented"
                options={SIDES}
                value={form.type}
                onChange={(v) => set('type', v)}
              />
            )}
            {errors.type ? <p className="text-sm text-red-700 dark:text-red-400">{errors.type}</p> : null}
          </div>
          <TextField
            label="Quantity"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={form.quantity}
            disabled={locked}
            hint={locked ? LINKED_HINT : undefined}
            onChange={(e) => set('quantity', e.target.value)}
            error={errors.quantity}
          />
          <TextField
            label="Price"
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            value={form.price}
            disabled={locked}
            hint={locked ? LINKED_HINT : undefined}
            onChange={(e) => set('price', e.target.value)}
            error={errors.price}
          />
          <TextField
            label="Setup"
            value={form.setup}
            maxLength={60}
            placeholder="e.g. Opening range breakout"
            onChange={(e) => set('setup', e.target.value)}
            error={errors.setup}
          />
          <TextField
            label="Tags"
            value={form.tags}
            placeholder="breakout, swing"
            hint="Up to 10, separated by commas"
            onChange={(e) => set('tags', e.target.value)}
            error={errors.tags}
          />
          <TextField
            label="Stop"
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            value={form.stop}
            onChange={(e) => set('stop', e.target.value)}
            error={errors.stop}
          />
          <TextField
            label="Target"
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            value={form.target}
            onChange={(e) => set('target', e.target.value)}
            error={errors.target}
          />
        </div>
        <div className="space-y-1.5">
          <span className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            Confidence (1–5)
          </span>
          <ToggleGroup
            label="Confidence"
            variant="segmented"
            options={CONFIDENCE}
            value={
              form.confidence === null ? '0' : (String(form.confidence) as (typeof CONFIDENCE)[number]['key'])
            }
            onChange={(v) => set('confidence', v === '0' ? null : Number(v))}
          />
          {errors.confidence ? (
            <p className="text-sm text-red-700 dark:text-red-400">{errors.confidence}</p>
          ) : null}
        </div>
        <TextAreaField
          label="Note"
          rows={3}
          maxLength={JOURNAL_NOTE_MAX}
          value={form.note}
          hint={`${form.note.length.toLocaleString('en-IN')} / ${JOURNAL_NOTE_MAX.toLocaleString('en-IN')}`}
          onChange={(e) => set('note', e.target.value)}
          error={errors.note}
        />
        <TextAreaField
          label="Post-trade review"
          rows={3}
          maxLength={JOURNAL_REVIEW_MAX}
          value={form.review}
          placeholder="What went to plan, what did not?"
          onChange={(e) => set('review', e.target.value)}
          error={errors.review}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {editing ? 'Update' : 'Create'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
