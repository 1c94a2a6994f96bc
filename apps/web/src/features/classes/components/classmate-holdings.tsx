import type { ReactNode } from 'react';
import { Wallet } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ClassStudentHoldings } from '@nivesh/shared';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { HoldingsTable } from './student-tables';

/** What a classmate may see of another student: their holdings, when the class allows it. */
export function ClassmateHoldings({
  holdings,
  back,
}: {
  holdings: UseQueryResult<ClassStudentHoldings>;
  back: ReactNode;
}) {
  if (holdings.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
        <Spinner size="sm" /> Loading the holdings...
      </p>
    );
  if (holdings.isError)
    return (
      <div className="space-y-2">
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(holdings.error, 'Could not load the holdings')}
        </p>
        {back}
      </div>
    );
  return (
    <div className="space-y-6">
      <div>
        {back}
        <h1 className="mt-1 text-2xl font-bold text-slate-900 dark:text-white">
          {holdings.data.student.fullName}
        </h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Your class shows holdings to classmates; trades, notes and habits stay with the teacher.
        </p>
      </div>
      <Card>
        <CardTitle
          icon={<Wallet aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-400" />}
        >
          Holdings
        </CardTitle>
        <HoldingsTable holdings={holdings.data.holdings} />
      </Card>
    </div>
  );
}
