import type { ReactNode } from 'react';
import { Hourglass } from 'lucide-react';
import type { NotEnough, Yardstick } from '@nivesh/shared';
import { Card } from '../../../components/ui/card';
import { InfoTip } from '../../../components/ui/info-tip';
import { notEnoughText } from '../lib/habit-format';

export const tone = (value: number) =>
  value > 0 ? 'text-emerald-700 dark:text-emerald-400' : value < 0 ? 'text-red-700 dark:text-red-400' : '';
export const pct = (value: number | null) => (value === null ? '—' : `${value.toFixed(2)}%`);

export function Figure({
  label,
  info,
  value,
  testId,
  className,
}: {
  label: string;
  /** How the figure is worked out, for the info tip beside its label. */
  info?: { name: string; text: string };
  value: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <div>
      <dt className="text-xs text-slate-600 dark:text-slate-300">
        {label}
        {info ? <InfoTip label={info.name} text={info.text} className="ml-0.5" /> : null}
      </dt>
      <dd
        className={`text-lg font-bold tabular-nums ${className || 'text-slate-900 dark:text-white'}`}
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}

export function HabitCard({
  id,
  title,
  question,
  yardstick,
  insufficient,
  children,
}: {
  id: string;
  title: string;
  question: string;
  yardstick: Yardstick;
  insufficient: NotEnough | null;
  children?: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-3" data-testid={`habit-${id}`} aria-labelledby={`habit-${id}-title`}>
      <div>
        <h2 id={`habit-${id}-title`} className="text-base font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">{question}</p>
      </div>
      {insufficient ? (
        <p
          className="flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:bg-slate-900/60 dark:text-slate-200"
          data-testid="habit-not-enough"
        >
          <Hourglass aria-hidden="true" className="size-4 shrink-0" />
          {notEnoughText(insufficient)}
        </p>
      ) : (
        children
      )}
      <div className="mt-auto border-t border-slate-100 pt-3 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-300">
        <p className="text-slate-700 dark:text-slate-200">{yardstick.text}</p>
        <p className="mt-1 italic">Source: {yardstick.source}</p>
      </div>
    </Card>
  );
}

export const notEnough = <T extends { status: string }>(r: T | NotEnough): NotEnough | null =>
  r.status === 'insufficient' ? (r as NotEnough) : null;
