import { useId } from 'react';
import type { AgentToken } from '@nivesh/shared';
import { inputClass } from '../../../components/ui/input';

/** Picks one token by name; `allLabel` adds an "every token" choice (the audit filter). */
export function TokenPicker({
  tokens,
  value,
  onChange,
  allLabel,
  label = 'Token',
}: {
  tokens: AgentToken[];
  value: string | null;
  onChange: (id: string | null) => void;
  allLabel?: string;
  label?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm whitespace-nowrap text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || null)}
        className={`${inputClass} w-auto max-w-48`}
      >
        {allLabel ? <option value="">{allLabel}</option> : null}
        {tokens.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
            {t.revokedAt ? ' (revoked)' : ''}
          </option>
        ))}
      </select>
    </div>
  );
}
