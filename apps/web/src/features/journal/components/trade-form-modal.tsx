import { Link2 } from 'lucide-react';
import { JOURNAL_NOTE_MAX, JOURNAL_REVIEW_MAX } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ToggleGroup } from '../../../components/ui/toggle-group';
import { formatSignedInr, formatPrice } from '../../../lib/money-format';
import { formatDateTime } from '../../../lib/date-format';
import { TradeOrderFields } from './trade-order-fields';
import { useTradeForm, type TradeFormProps } from './use-trade-form';

const CONFIDENCE = [
  { key: '0', label: '—' },
  { key: '1', label: '1' },
  { key: '2', label: '2' },
  { key: '3', label: '3' },
  { key: '4', label: '4' },
  { key: '5', label: '5' },
] as const;

/**
 * 'Add New Trade' / 'Edit Trade'. With a fill (from "Add to journal", or an entry already linked)
 * the ticker, quantity, price and side are the fill's and cannot be edited here.
 */
export function TradeFormModal(props: TradeFormProps) {
  const { onClose } = props;
  const s = useTradeForm(props);
  const { editing, linkedFill, form, errors, save, set, submit } = s;
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
        <TradeOrderFields s={s} />
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
