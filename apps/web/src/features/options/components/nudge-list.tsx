import { Lightbulb } from 'lucide-react';
import type { Nudge } from '../lib/nudges';

/** Teaching notes about the strategy: shown, never enforced (the Place button ignores them). */
export function NudgeList({ nudges }: { nudges: Nudge[] }) {
  if (nudges.length === 0) return null;
  return (
    <ul aria-label="Things to know" className="space-y-2">
      {nudges.map((n) => (
        <li
          key={n.id}
          data-nudge={n.id}
          className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-900/30 dark:text-amber-100"
        >
          <Lightbulb className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>{n.text}</span>
        </li>
      ))}
    </ul>
  );
}
