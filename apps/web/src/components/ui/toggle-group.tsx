import { cn } from '../../lib/cn';

export interface ToggleGroupProps<K extends string> {
  label: string;
  options: ReadonlyArray<{ key: K; label: string }>;
  value: K;
  onChange: (key: K) => void;
  className?: string;
}

/** A row of pressed/unpressed buttons that picks one view (movers tab, holdings filter, chart range). */
export function ToggleGroup<K extends string>({ label, options, value, onChange, className }: ToggleGroupProps<K>) {
  return (
    <div role="group" aria-label={label} className={cn('flex flex-wrap gap-1', className)}>
      {options.map((o) => (
        <button
          key={o.key}
          type="button"
          aria-pressed={value === o.key}
          onClick={() => onChange(o.key)}
          className={cn(
            'rounded-md px-2.5 py-1 text-xs font-medium',
            value === o.key ? 'bg-indigo-600 text-white' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-700',
          )}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
