import { ALERT_NOTE_MAX } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { StockSearchBox } from '../../market/components/stock-search-box';
import { formatPrice } from '../../../lib/money-format';
import { AlertRuleFields } from './alert-rule-fields';
import { useAlertForm, type AlertFormProps } from './use-alert-form';

/**
 * Create an alert (for `symbol`, or one picked here) or edit `alert`. The form validates with the
 * shared schema before sending, and shows the server's field messages when it refuses.
 */
export function AlertFormModal(props: AlertFormProps) {
  const { open, onClose, symbol: initialSymbol, alert } = props;
  const s = useAlertForm(props);
  const { symbol, setSymbol, quote, setValues, errors, form, set, submit, busy } = s;
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={alert ? `Edit alert: ${alert.symbol}` : symbol ? `Set alert: ${symbol}` : 'New price alert'}
    >
      <form
        className="space-y-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {!alert && !initialSymbol ? (
          <div>
            <StockSearchBox
              label="Stock"
              placeholder="Search a stock to watch..."
              onSelect={(r) => {
                setSymbol(r.symbol);
                setValues(null);
              }}
            />
            {errors.symbol ? (
              <p className="mt-1 text-sm text-red-700 dark:text-red-400">{errors.symbol}</p>
            ) : null}
          </div>
        ) : null}
        {symbol ? (
          <p className="text-sm text-slate-700 dark:text-slate-200" data-testid="alert-live-price">
            <span className="font-semibold">{symbol}</span>
            {quote.data ? (
              <>
                {' '}
                now {formatPrice(quote.data.price, quote.data.currency)} (
                {quote.data.changePercent >= 0 ? '+' : ''}
                {quote.data.changePercent.toFixed(2)}% today)
              </>
            ) : null}
          </p>
        ) : null}
        <AlertRuleFields s={s} />
        <TextAreaField
          label="Note (your plan)"
          maxLength={ALERT_NOTE_MAX}
          rows={2}
          value={form.note}
          onChange={(e) => set({ note: e.target.value })}
          error={errors.note}
          hint={`${form.note.length}/${ALERT_NOTE_MAX}: shown with the alert when it fires`}
        />
        {errors.body ? <p className="text-sm text-red-700 dark:text-red-400">{errors.body}</p> : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={!symbol}>
            {!alert
              ? 'Create alert'
              : alert.status === 'TRIGGERED' || alert.status === 'EXPIRED'
                ? 'Save and re-arm'
                : 'Save alert'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
