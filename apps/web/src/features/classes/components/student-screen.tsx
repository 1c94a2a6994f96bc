import { Link, useParams } from 'react-router';
import { ClipboardCheck, Gauge, NotebookPen, Wallet } from 'lucide-react';
import { formatDate } from '@nivesh/shared';
import { Badge } from '../../../components/ui/badge';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatRupees } from '../../../lib/money-format';
import { ClassmateHoldings } from './classmate-holdings';
import { ROLE_TONE } from './classes-screen';
import { RubricList } from './rubric-list';
import { HoldingsTable, TradesTable } from './student-tables';
import { useStudentScreen } from './use-student-screen';
import { useInstance } from '../../../lib/instance';

const icon = 'size-5 text-indigo-600 dark:text-indigo-400';
const muted = 'text-slate-600 dark:text-slate-300';

/**
 * /classes/:id/students/:userId (issue 26 §Teacher view): one student's class-portfolio habits,
 * process rubric, holdings and trades with their notes. A removed student's page reads as archived.
 */
export function StudentScreen() {
  const { virtualCashLabel } = useInstance();
  const { id = '', userId = '' } = useParams();
  const { cls, student, holdings, classmate, habits } = useStudentScreen(id, userId);
  const back = (
    <Link to={`/classes/${id}`} className="text-sm text-indigo-700 hover:underline dark:text-indigo-300">
      ← {cls.data?.name ?? 'Class'}
    </Link>
  );
  if (cls.isError)
    return (
      <div className="space-y-2">
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(cls.error, 'Could not load the class')}
        </p>
        <Link to="/classes" className="text-sm text-indigo-700 hover:underline dark:text-indigo-300">
          ← Classrooms
        </Link>
      </div>
    );
  if (classmate) return <ClassmateHoldings holdings={holdings} back={back} />;
  if (student.isPending)
    return (
      <p role="status" className={cn('flex items-center gap-2 text-sm', muted)}>
        <Spinner size="sm" /> Loading the student...
      </p>
    );
  if (student.isError)
    return (
      <div className="space-y-2">
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(student.error, 'Could not load the student')}
        </p>
        {back}
      </div>
    );
  const s = student.data;
  const archived = s.student.status === 'removed';
  return (
    <div className="space-y-6">
      <div>
        {back}
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{s.student.fullName}</h1>
          <Badge tone={ROLE_TONE[archived ? 'removed' : 'student']}>
            {archived ? 'archived' : 'student'}
          </Badge>
        </div>
        <p className={cn('text-sm', muted)}>
          Joined {formatDate(s.student.joinedAt)} with {formatRupees(s.startingCash)} {virtualCashLabel} ·{' '}
          {s.trades.length} trade{s.trades.length === 1 ? '' : 's'}
        </p>
        {archived ? (
          <p role="status" className="mt-2 text-sm text-slate-700 dark:text-slate-200">
            Removed from the class: this portfolio is archived read-only, kept as it was.
          </p>
        ) : null}
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardTitle icon={<ClipboardCheck aria-hidden="true" className={icon} />}>Process rubric</CardTitle>
          <RubricList rubric={s.rubric} />
          <p className={cn('mt-2 text-xs', muted)}>
            Computed from the student&apos;s own records only (trades, journal notes, GTTs, holdings, rule
            refusals); the return is not graded here.
          </p>
        </Card>
        <Card>
          <CardTitle icon={<Gauge aria-hidden="true" className={icon} />}>Trading habits</CardTitle>
          <dl className="divide-y divide-slate-100 dark:divide-slate-700">
            {habits.map((h) => (
              <div key={h.label} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2 text-sm">
                <dt className="font-medium text-slate-900 dark:text-white">{h.label}</dt>
                <dd className={h.ready ? 'text-slate-700 dark:text-slate-200' : muted}>{h.figure}</dd>
              </div>
            ))}
          </dl>
          <p className={cn('mt-2 text-xs', muted)}>The same figures as Insights, for this class portfolio.</p>
        </Card>
      </div>

      <Card>
        <CardTitle icon={<Wallet aria-hidden="true" className={icon} />}>Holdings</CardTitle>
        <HoldingsTable holdings={s.holdings} />
      </Card>

      <Card>
        <CardTitle icon={<NotebookPen aria-hidden="true" className={icon} />}>Trades and notes</CardTitle>
        <TradesTable trades={s.trades} />
      </Card>
    </div>
  );
}
