import type { ReactNode } from 'react';
import { FIGURES, type FigureKey } from '@nivesh/shared';
import { cn } from '../../lib/cn';
import { InfoTip } from './info-tip';

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
  /** A glossary figure: its name is the label and its definition the info tooltip. */
  figure?: FigureKey;
  /** The label of a card that is not a glossary figure (e.g. Success Rate). */
  label?: string;
  /** What the figure is, for the info tooltip (a glossary figure brings its own). */
  info?: string;
  value: ReactNode;
  icon?: ReactNode;
  tone?: StatTone;
  /** Colour of the value itself (a P&L's direction). */
  valueClassName?: string;
  /** A second line under the value (a change, a count); keep it short. */
  detail?: ReactNode;
  testId?: string;
  /** The full figure when `value` is abbreviated (₹2.50 L), for the tooltip and screen readers. */
  title?: string;
}

/**
 * One figure with its name and an info tooltip saying what it is: the one stat card every money
 * screen (dashboard, portfolio, trading, history) uses. `data-figure` names the glossary figure the
 * value is, so a test can compare the same figure across screens.
 */
export function StatCard({
  figure,
  label,
  info,
  value,
  icon,
  tone = 'indigo',
  valueClassName,
  detail,
  testId,
  title,
}: StatCardProps) {
  const name = figure ? FIGURES[figure].name : (label ?? '');
  const help = figure ? FIGURES[figure].definition : info;
  return (
    <div
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-800"
      data-stat-card={name}
    >
      <div className="flex items-center gap-2">
        {icon ? (
          <span
            className={cn('inline-flex size-8 shrink-0 items-center justify-center rounded-lg', tones[tone])}
          >
            {icon}
          </span>
        ) : null}
        <p className="min-w-0 text-xs leading-tight font-medium text-slate-600 sm:text-sm dark:text-slate-300">
          <span data-figure-name={figure}>{name}</span>
          {help ? <InfoTip label={name} text={help} className="ml-0.5" /> : null}
        </p>
      </div>
      <p
        className={cn(
          'mt-2 truncate text-lg font-bold tabular-nums sm:text-2xl',
          valueClassName ?? 'text-slate-900 dark:text-white',
        )}
        data-testid={testId}
        data-figure={figure}
        title={title}
      >
        {value}
      </p>
      {detail ? <div className="mt-0.5 space-y-0.5 text-xs sm:text-sm">{detail}</div> : null}
    </div>
  );
}

/**
 * A second glossary figure inside a card's detail: name with its own info tooltip, then the value,
 * which wraps under the name on a narrow card rather than being cut off.
 */
export function FigureLine({
  figure,
  value,
  valueClassName,
  title,
}: {
  figure: FigureKey;
  value: ReactNode;
  valueClassName?: string;
  title?: string;
}) {
  const { name, definition } = FIGURES[figure];
  return (
    <div className="flex flex-wrap items-center gap-x-1 text-slate-600 dark:text-slate-300">
      <span className="inline-flex items-center whitespace-nowrap">
        <span data-figure-name={figure}>{name}</span>
        <InfoTip label={name} text={definition} />
      </span>
      <span
        className={cn('font-medium whitespace-nowrap tabular-nums', valueClassName)}
        data-figure={figure}
        title={title}
      >
        {value}
      </span>
    </div>
  );
}

export function StatGrid({
  label,
  children,
  className,
  columns = 4,
}: {
  label: string;
  children: ReactNode;
  className?: string;
  columns?: 4 | 5;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className={cn(
        'grid grid-cols-2 gap-3 lg:gap-4',
        columns === 5 ? 'lg:grid-cols-5' : 'lg:grid-cols-4',
        className,
      )}
    >
      {children}
    </div>
  );
}
