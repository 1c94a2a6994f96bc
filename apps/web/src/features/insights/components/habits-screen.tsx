import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useHabits } from '../api/insights-api';
import { HabitCards } from './habit-cards';
import { PortfolioTag } from '../../../components/ui/portfolio-tag';

/** /insights: "Your trading habits", from the user's own ledger, each beside a yardstick. */
export function HabitsScreen() {
  const habits = useHabits();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Your trading habits</h1>
        <PortfolioTag />
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Worked out from your own fills and account value, each beside a published yardstick.
        </p>
      </div>
      {habits.isPending ? (
        <p
          role="status"
          className="flex items-center justify-center gap-2 p-10 text-sm text-slate-600 dark:text-slate-300"
        >
          <Spinner size="sm" /> Working out your habits...
        </p>
      ) : habits.isError ? (
        <Card className="text-center">
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errorMessage(habits.error, 'Failed to load your habits')}
          </p>
          <Button className="mt-3" variant="secondary" size="sm" onClick={() => void habits.refetch()}>
            Try again
          </Button>
        </Card>
      ) : (
        <HabitCards h={habits.data} />
      )}
    </div>
  );
}
