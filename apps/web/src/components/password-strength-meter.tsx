import { Check, X } from 'lucide-react';
import { passwordStrength } from '@nivesh/shared';
import { cn } from '../lib/cn';

const CRITERIA = [
  ['length', 'At least 8 characters'],
  ['uppercase', 'An uppercase letter'],
  ['lowercase', 'A lowercase letter'],
  ['digit', 'A number'],
  ['special', 'A special character'],
] as const;

// Static class names so Tailwind emits them and no inline style is needed under the CSP.
const WIDTHS = ['w-0', 'w-1/5', 'w-2/5', 'w-3/5', 'w-4/5', 'w-full'];

const levelStyle = {
  Weak: { bar: 'bg-red-600', text: 'text-red-700 dark:text-red-400' },
  Medium: { bar: 'bg-amber-500', text: 'text-amber-800 dark:text-amber-300' },
  Strong: { bar: 'bg-emerald-600', text: 'text-emerald-800 dark:text-emerald-300' },
} as const;

/** Five criteria; under 2 Weak (red), 2-3 Medium, 4-5 Strong. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  if (!password) return null;
  const { score, level, criteria } = passwordStrength(password);
  const style = levelStyle[level];
  return (
    <div className="space-y-2" data-testid="password-strength">
      <div className="flex items-center gap-3">
        <div
          className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
          role="meter"
          aria-label="Password strength"
          aria-valuemin={0}
          aria-valuemax={5}
          aria-valuenow={score}
          aria-valuetext={level}
        >
          <div className={cn('h-full rounded-full transition-all', style.bar, WIDTHS[score])} />
        </div>
        <span className={cn('text-sm font-semibold', style.text)} aria-live="polite">
          {level}
        </span>
      </div>
      <ul className="grid grid-cols-1 gap-1 text-xs sm:grid-cols-2">
        {CRITERIA.map(([key, text]) => (
          <li
            key={key}
            className={cn(
              'flex items-center gap-1.5',
              criteria[key] ? 'text-emerald-800 dark:text-emerald-300' : 'text-slate-600 dark:text-slate-300',
            )}
          >
            {criteria[key] ? (
              <Check aria-hidden="true" className="size-3.5" />
            ) : (
              <X aria-hidden="true" className="size-3.5" />
            )}
            <span>
              {text}
              <span className="sr-only">{criteria[key] ? ' (met)' : ' (not met)'}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
