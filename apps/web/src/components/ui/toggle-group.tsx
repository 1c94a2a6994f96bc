import { cn } from '../../lib/cn';

export interface ToggleGroupProps<K extends string> {
  label: string;
  /** A `disabled` option is shown but cannot be picked; the caller shows why beside the group. */
  options: ReadonlyArray<{ key: K; label: string; disabled?: boolean }>;
  value: K;
  onChange: (key: K) => void;
  /** `segmented` fills its row in a framed track (form choices such as the order type). */
  variant?: 'compact' | 'segmented';
  className?: string;
  /** The id of the text that explains the group (a disabled option's reason). */
  describedBy?: string;
}

/** A row of pressed/unpressed buttons that picks one view (movers tab, holdings filter, chart range). */
export function ToggleGroup<K extends string>({
  label,
  options,
  value,
  onChange,
  variant = 'compact',
  className,
  describedBy,
}: ToggleGroupProps<K>) {
  const segmented = variant === 'segmented';
  return (
    <div
      role="group"
      aria-label={label}
      aria-describedby={describedBy}
      className={cn(
        segmented
          ? 'flex gap-1 rounded-lg border border-slate-200 p-1 dark:border-slate-700'
          : 'flex flex-wrap gap-1',
        className,
      )}
    >
      {options.map((o) => (
        <button
          key={o.key}
          type="button"
          aria-pressed={value === o.key}
          disabled={o.disabled}
          onClick={() => onChange(o.key)}
          className={cn(
            'rounded-md font-medium disabled:cursor-not-allowed disabled:opacity-50',
            segmented ? 'flex-1 px-3 py-1.5 text-sm' : 'px-2.5 py-1 text-xs',
            value === o.key
              ? 'bg-indigo-600 text-white'
              : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-700',
          )}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
