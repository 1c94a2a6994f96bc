import { RUBRIC_LEVEL_LABELS, type RubricCriterion, type RubricLevel } from '@nivesh/shared';
import { Badge } from '../../../components/ui/badge';

const LEVEL_TONE: Record<RubricLevel, string> = {
  strong: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  developing: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  weak: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  unmeasured: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
};

/** The process rubric: each criterion's figure, its level in plain words, and how it was decided. */
export function RubricList({ rubric }: { rubric: RubricCriterion[] }) {
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-700" aria-label="Process rubric">
      {rubric.map((c) => (
        <li key={c.key} className="py-2">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-slate-900 dark:text-white">{c.label}</span>
            <Badge tone={LEVEL_TONE[c.level]} className="ml-auto" testId={`rubric-${c.key}`}>
              {RUBRIC_LEVEL_LABELS[c.level]}
            </Badge>
          </div>
          <p className="text-sm text-slate-700 dark:text-slate-200">{c.figure}</p>
          <p className="text-xs text-slate-600 dark:text-slate-300">{c.basis}</p>
        </li>
      ))}
    </ul>
  );
}
