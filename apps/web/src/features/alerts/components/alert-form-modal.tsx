import { useId, useState } from 'react';
import {
  ALERT_CONDITIONS,
  ALERT_CONDITION_LABELS,
  ALERT_FREQUENCIES,
  ALERT_FREQUENCY_LABELS,
  ALERT_NOTE_MAX,
  ALERT_WATCHES,
  ALERT_WATCH_LABELS,
  createAlertRequestSchema,
  type Alert,
} from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { inputClass } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useQuote } from '../../market/api/market-api';
import { StockSearchBox } from '../../market/components/stock-search-box';
import { formatPrice } from '../../../lib/money-format';
import { useCreateAlert, useUpdateAlert } from '../api/alerts-api';
import { emptyForm, formOf, toRequest, type AlertFormValues } from '../lib/alert-form';

function Select<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: V;
  options: ReadonlyArray<{ value: V; label: string }>;
  onChange: (v: V) => void;
  error?: string | undefined;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as V)}
        className={inputClass}
        aria-invalid={Boolean(error)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? <p className="text-sm text-red-700 dark:text-red-400">{error}</p> : null}
    </div>
  );
}

/**
 * Create an alert (for `symbol`, or one picked here) or edit `alert`. The form validates with the
 * shared schema before sending, and shows the server's field messages when it refuses.
 */
export function AlertFormModal({
  open,
  onClose,
  symbol: initialSymbol,
  alert,
}: {
  open: boolean;
  onClose: () => void;
  symbol?: string | undefined;
  alert?: Alert | undefined;
}) {
  const id = useId();
  const [symbol, setSymbol] = useState(alert?.symbol ?? initialSymbol ?? '');
  const quote = useQuote(symbol);
  const [values, setValues] = useState<AlertFormValues | null>(alert ? formOf(alert) : null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateAlert();
  const update = useUpdateAlert();
  // The level starts at the live price once it is known (never a made-up number).
  const form = values ?? emptyForm(quote.data?.price);
  const set = (patch: Partial<AlertFormValues>) => setValues({ ...form, ...patch });

  const submit = async () => {
    const body = toRequest(symbol, form);
    const parsed = createAlertRequestSchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.') || 'body'] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      if (alert) {
        const { symbol: _symbol, expiresAt, ...rest } = body;
        void _symbol;
        // The expiry is sent only when the user picked another day; the stored instant stays otherwise.
        if (expiresAt !== undefined && form.expiresOn !== formOf(alert).expiresOn)
          Object.assign(rest, { expiresAt });
        // Saving a triggered or expired alert puts it back to work; a paused one stays paused.
        const rearm = alert.status === 'TRIGGERED' || alert.status === 'EXPIRED';
        const res = await update.mutateAsync({
          id: alert.id,
          body: { ...rest, note: rest.note ?? null, ...(rearm ? { status: 'ACTIVE' as const } : {}) },
        });
        notify.success(res.message);
      } else {
        const res = await create.mutateAsync(body);
        notify.success(res.message);
      }
      onClose();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0)
        setErrors(error.fieldErrors);
      else notify.error(errorMessage(error, 'Failed to save the alert'));
    }
  };

  const busy = create.isPending || update.isPending;
  const unit = form.watch === 'price' ? '₹' : form.watch === 'dayChangePct' ? '%' : 'shares';
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
        <div className="grid gap-3 sm:grid-cols-2">
          <Select
            id={`${id}-watch`}
            label="Watch"
            value={form.watch}
            error={errors.watch}
            onChange={(watch) => set({ watch })}
            options={ALERT_WATCHES.map((w) => ({ value: w, label: ALERT_WATCH_LABELS[w] }))}
          />
          <Select
            id={`${id}-condition`}
            label="Condition"
            value={form.condition}
            error={errors.condition}
            onChange={(condition) => set({ condition })}
            options={ALERT_CONDITIONS.map((c) => ({ value: c, label: ALERT_CONDITION_LABELS[c] }))}
          />
          <TextField
            label={`Value (${unit})`}
            inputMode="decimal"
            value={form.value}
            onChange={(e) => set({ value: e.target.value })}
            error={errors.value}
          />
          <Select
            id={`${id}-frequency`}
            label="Frequency"
            value={form.frequency}
            error={errors.frequency}
            onChange={(frequency) => set({ frequency })}
            options={ALERT_FREQUENCIES.map((f) => ({ value: f, label: ALERT_FREQUENCY_LABELS[f] }))}
          />
          {form.frequency === 'every' ? (
            <TextField
              label="Cooldown (seconds)"
              inputMode="numeric"
              value={form.cooldownSeconds}
              onChange={(e) => set({ cooldownSeconds: e.target.value })}
              error={errors.cooldownSeconds}
              hint="It switches itself off after 15 firings in 3 minutes."
            />
          ) : null}
          <TextField
            label="Expires on"
            type="date"
            value={form.expiresOn}
            onChange={(e) => set({ expiresOn: e.target.value })}
            error={errors.expiresAt}
            hint={form.expiresOn ? undefined : 'Default: in 365 days'}
          />
        </div>
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
