import { Award, CheckCircle2, Lock } from 'lucide-react';
import type { Achievement } from '@nivesh/shared';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';

/** All six badges with whether they are earned and what is left, as the server computes them from the user's fills. */
export function AchievementsCard({
  achievements,
  pending,
  error,
}: {
  achievements: Achievement[] | undefined;
  pending: boolean;
  error: unknown;
}) {
  const earned = achievements?.filter((a) => a.earned).length ?? 0;
  return (
    <Card aria-labelledby="achievements-title">
      <CardTitle
        icon={<Award aria-hidden="true" className="size-5 text-amber-600" />}
        action={
          achievements ? (
            <span className="text-sm text-slate-600 dark:text-slate-300">
              {earned} of {achievements.length} earned
            </span>
          ) : undefined
        }
      >
        <span id="achievements-title">Achievements</span>
      </CardTitle>
      {pending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <Spinner size="sm" /> Loading achievements...
        </p>
      ) : error || !achievements ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(error, 'Failed to load achievements')}
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {achievements.map((a) => (
            <li
              key={a.id}
              data-testid={`achievement-${a.id}`}
              data-earned={a.earned}
              className={cn(
                'flex items-start gap-3 rounded-lg border p-3',
                a.earned
                  ? 'border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/40'
                  : 'border-slate-200 dark:border-slate-700',
              )}
            >
              {a.earned ? (
                <CheckCircle2
                  aria-hidden="true"
                  className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400"
                />
              ) : (
                <Lock
                  aria-hidden="true"
                  className="mt-0.5 size-4 shrink-0 text-slate-500 dark:text-slate-400"
                />
              )}
              <div className="min-w-0">
                <p className="text-sm font-semibold text-slate-900 dark:text-white">
                  {a.title}{' '}
                  <span
                    className={cn(
                      'ml-1 rounded px-1.5 py-0.5 text-xs font-medium',
                      a.earned
                        ? 'bg-amber-200 text-amber-900 dark:bg-amber-900 dark:text-amber-100'
                        : 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
                    )}
                  >
                    {a.earned ? 'Earned' : 'Locked'}
                  </span>
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-300">{a.description}</p>
                <p className="mt-1 text-xs font-medium text-slate-700 dark:text-slate-200">{a.progress}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
