import { Award, Lock } from 'lucide-react';
import { Card, CardTitle } from '../../../components/ui/card';

/** Account spec §4 with DESIGN.md §3's computable readings of the last two. */
const ACHIEVEMENTS = [
  ['First Trade', 'Complete your first transaction'],
  ['Portfolio Builder', 'Hold at least 3 different stocks'],
  ['Profit Maker', 'Reach a positive total gain'],
  ['Active Trader', 'Complete at least 10 transactions'],
  ['Market Expert', '80% of at least 10 closed trades profitable'],
  ['Long Term Investor', 'Hold a position for 6 months or more'],
] as const;

/**
 * Trading is not open yet, so no account can have earned one: every badge is shown locked with
 * what unlocks it, rather than guessed progress.
 */
export function AchievementsCard() {
  return (
    <Card aria-labelledby="achievements-title">
      <CardTitle icon={<Award aria-hidden="true" className="size-5 text-amber-600" />}>
        <span id="achievements-title">Achievements</span>
      </CardTitle>
      <ul className="grid gap-3 sm:grid-cols-2">
        {ACHIEVEMENTS.map(([title, rule]) => (
          <li key={title} className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500 dark:text-slate-400" />
            <div>
              <p className="text-sm font-semibold text-slate-900 dark:text-white">
                {title} <span className="ml-1 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-700 dark:text-slate-200">Locked</span>
              </p>
              <p className="text-xs text-slate-600 dark:text-slate-300">{rule}</p>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
