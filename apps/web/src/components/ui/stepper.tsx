import type { InputHTMLAttributes } from 'react';
import { Minus, Plus } from 'lucide-react';
import { cn } from '../../lib/cn';
import { inputClass } from './input';

const stepButton =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-lg border border-slate-300 text-slate-700 hover:bg-slate-50 disabled:opacity-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-700';

export interface StepperProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  id: string;
  onDecrease: () => void;
  onIncrease: () => void;
  canDecrease: boolean;
  canIncrease?: boolean;
}

/** A number field between − and + buttons (order quantities). */
export function Stepper({ onDecrease, onIncrease, canDecrease, canIncrease = true, ...input }: StepperProps) {
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        aria-label="Decrease quantity"
        disabled={!canDecrease}
        onClick={onDecrease}
        className={stepButton}
      >
        <Minus aria-hidden="true" className="size-4" />
      </button>
      <input className={cn(inputClass, 'text-center font-semibold tabular-nums')} {...input} />
      <button
        type="button"
        aria-label="Increase quantity"
        disabled={!canIncrease}
        onClick={onIncrease}
        className={stepButton}
      >
        <Plus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
