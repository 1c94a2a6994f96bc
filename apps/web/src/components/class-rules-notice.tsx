import { GraduationCap } from 'lucide-react';
import { describeClassRules, type ClassInfo } from '@nivesh/shared';

/** The active class portfolio's rules, on the order ticket (issue 26). */
export function ClassRulesNotice({ cls }: { cls: ClassInfo }) {
  const lines = describeClassRules(cls.rules);
  return (
    <div
      data-testid="class-rules"
      className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-950 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100"
    >
      <p className="flex items-center gap-1.5 font-semibold">
        <GraduationCap aria-hidden="true" className="size-4" /> Class rules: {cls.name}
      </p>
      {lines.length === 0 ? (
        <p className="mt-1">No extra rules in this class.</p>
      ) : (
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {lines.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
