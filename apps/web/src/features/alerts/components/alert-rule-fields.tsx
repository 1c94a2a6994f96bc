import { useId } from 'react';
import {
  ALERT_CONDITIONS,
  ALERT_CONDITION_LABELS,
  ALERT_FREQUENCIES,
  ALERT_FREQUENCY_LABELS,
  ALERT_WATCHES,
  ALERT_WATCH_LABELS,
} from '@nivesh/shared';
import { TextField } from '../../../components/ui/field';
import { inputClass } from '../../../components/ui/input';
import type { AlertFormState } from './use-alert-form';

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

/** What to watch, the condition and level, how often it fires, and when it expires. */
export function AlertRuleFields({ s }: { s: AlertFormState }) {
  const id = useId();
  const { form, errors, set, unit } = s;
  return (
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
  );
}
