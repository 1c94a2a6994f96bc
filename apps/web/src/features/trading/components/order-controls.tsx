import type { OrderSide } from '@nivesh/shared';
import { inputClass } from '../../../components/ui/input';
import { Stepper } from '../../../components/ui/stepper';
import { cn } from '../../../lib/cn';
import { parseQuantity } from '../lib/order-form';

/** Buy/Sell: green and red as brokers colour them, with the word, so colour is not the only cue. */
export function SideToggle({ value, onChange }: { value: OrderSide; onChange: (side: OrderSide) => void }) {
  return (
    <div
      role="group"
      aria-label="Order side"
      className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-900"
    >
      {(['BUY', 'SELL'] as const).map((side) => (
        <button
          key={side}
          type="button"
          aria-pressed={value === side}
          onClick={() => onChange(side)}
          className={cn(
            'rounded-lg py-2 text-sm font-semibold transition-colors',
            value === side
              ? side === 'BUY'
                ? 'bg-emerald-700 text-white shadow'
                : 'bg-red-700 text-white shadow'
              : 'text-slate-700 hover:bg-white dark:text-slate-200 dark:hover:bg-slate-800',
          )}
        >
          {side === 'BUY' ? 'Buy' : 'Sell'}
        </button>
      ))}
    </div>
  );
}

/** Quantity with −/+; the text stays what was typed so a half-typed number is not rewritten under the cursor. */
export function QuantityStepper({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const current = parseQuantity(value) ?? 0;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200">
        Quantity
      </label>
      <Stepper
        id={id}
        inputMode="numeric"
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/[^\d]/g, ''))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        canDecrease={current > 1}
        onDecrease={() => onChange(String(Math.max(1, current - 1)))}
        onIncrease={() => onChange(String(current + 1))}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function PriceInput({
  id,
  label,
  value,
  onChange,
  error,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <div className="relative">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-2 text-sm text-slate-500 dark:text-slate-400"
        >
          ₹
        </span>
        <input
          id={id}
          inputMode="decimal"
          placeholder="0.00"
          value={value}
          onChange={(e) => onChange(e.target.value.replace(/[^\d.]/g, ''))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          className={cn(inputClass, 'pl-7 tabular-nums')}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Validity is DAY only: an order that has not filled lapses at the end of its session. Indian
 * exchanges have no good-till-cancelled order; the standing order there is a GTT, so this says so.
 */
export function ValidityNote({ id }: { id: string }) {
  return (
    <div id={id} data-testid="order-validity">
      <p className="text-sm font-medium text-slate-800 dark:text-slate-200">Validity: Day</p>
      <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-300">
        Unfilled orders expire at the end of the session. To wait longer for a price, set a GTT
        (good-till-triggered) instead.
      </p>
    </div>
  );
}

export function SummaryRow({
  label,
  value,
  strong,
  tone,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  tone?: string;
  testId?: string;
}) {
  return (
    <div className="flex items-center justify-between gap-3 py-1">
      <dt
        className={cn(
          'text-sm',
          strong ? 'font-semibold text-slate-900 dark:text-white' : 'text-slate-600 dark:text-slate-300',
        )}
      >
        {label}
      </dt>
      <dd
        data-testid={testId}
        className={cn(
          'text-sm tabular-nums',
          strong && 'font-semibold',
          tone ?? (strong ? 'text-slate-900 dark:text-white' : 'text-slate-800 dark:text-slate-100'),
        )}
      >
        {value}
      </dd>
    </div>
  );
}
