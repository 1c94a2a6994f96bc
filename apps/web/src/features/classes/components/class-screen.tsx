import { Link, useParams } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatRupees } from '../../../lib/money-format';
import { ROLE_TONE } from './classes-screen';
import { AssignmentsCard } from './assignments-card';
import { ClassMembershipCard } from './class-membership-card';
import { ClassRosterCard } from './class-roster-card';
import { ClassRulesCard } from './class-rules-card';
import { ClassStandingsCard } from './class-standings-card';
import { useClassScreen } from './use-class-screen';
import { useInstance } from '../../../lib/instance';

export { StudentScreen } from './student-screen';

/** /classes/:id (issue 26): rules and standings; the teacher's roster, invite code and report. */
export function ClassScreen() {
  const { virtualCashLabel } = useInstance();
  const { id = '' } = useParams();
  const s = useClassScreen(id);
  const { cls } = s;
  if (cls.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
        <Spinner size="sm" /> Loading the class...
      </p>
    );
  if (cls.isError)
    return (
      <div className="space-y-2">
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(cls.error, 'Could not load the class')}
        </p>
        <Link to="/classes" className="text-sm text-indigo-700 hover:underline dark:text-indigo-300">
          Back to classrooms
        </Link>
      </div>
    );
  const c = cls.data;
  const teacher = c.role === 'teacher';
  const removed = c.membership?.status === 'removed';
  return (
    <div className="space-y-6">
      <div>
        <Link to="/classes" className="text-sm text-indigo-700 hover:underline dark:text-indigo-300">
          ← Classrooms
        </Link>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{c.name}</h1>
          <Badge tone={ROLE_TONE[removed ? 'removed' : c.role]}>{removed ? 'removed' : c.role}</Badge>
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Teacher: {c.teacherName} · {formatRupees(c.startingCash)} {virtualCashLabel} per student ·{' '}
          {c.activeStudents} student{c.activeStudents === 1 ? '' : 's'}
        </p>
      </div>

      <ClassMembershipCard c={c} s={s} />

      <ClassRulesCard cls={c} />

      {s.active ? <AssignmentsCard classId={c.id} teacher={teacher} /> : null}

      {teacher ? <ClassRosterCard c={c} s={s} /> : null}

      {s.active ? <ClassStandingsCard c={c} s={s} /> : null}
    </div>
  );
}
