import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type StatTone = 'indigo' | 'emerald' | 'amber' | 'sky' | 'rose' | 'violet';

const tones: Record<StatTone, string> = {
  indigo: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-300',
  emerald: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  amber: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  sky: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
  rose: 'bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-300',
  violet: 'bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-300',
};

export interface StatCardProps {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  tone?: StatTone;
  /** A second line under the value (a change, a count); keep it short. */
  detail?: ReactNode;
  testId?: string;
  /** The full figure when `value` is abbreviated (₹2.50 L), for the tooltip and screen readers. */
  title?: string;
}

/** One figure with its label, as the dashboard, portfolio and history headers show them. */
export function StatCard({ label, value, icon, tone = 'indigo', detail, testId, title }: StatCardProps) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-800">
      <div className="flex items-center gap-2">
        <span className={cn('inline-flex size-8 shrink-0 items-center justify-center rounded-lg', tones[tone])}>{icon}</span>
        <p className="text-xs leading-tight font-medium text-slate-600 sm:text-sm dark:text-slate-300">{label}</p>
      </div>
      <p className="mt-2 truncate text-lg font-bold tabular-nums text-slate-900 sm:text-2xl dark:text-white" data-testid={testId} title={title}>
        {value}
      </p>
      {detail ? <div className="mt-0.5 truncate text-xs sm:text-sm">{detail}</div> : null}
    </div>
  );
}

export function StatGrid({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div role="group" aria-label={label} className={cn('grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4', className)}>
      {children}
    </div>
  );
}
