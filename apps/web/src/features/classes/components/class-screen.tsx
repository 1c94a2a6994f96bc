import { Link, useParams } from 'react-router';
import { Download, RefreshCw, ScrollText, Trophy, Users } from 'lucide-react';
import { describeClassRules, formatDate, type ClassDetail } from '@nivesh/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatRupees } from '../../../lib/money-format';
import { ROLE_TONE } from './classes-screen';
import { AssignmentsCard } from './assignments-card';
import { StandingsTable } from './standings-table';
import { useClassScreen } from './use-class-screen';
import { useInstance } from '../../../lib/instance';

export { StudentScreen } from './student-screen';

const icon = 'size-5 text-indigo-600 dark:text-indigo-400';

function RulesCard({ cls }: { cls: ClassDetail }) {
  // Not an order rule (the ticket does not show it), so listed here only.
  const lines = describeClassRules(cls.rules).concat(
    cls.rules.showHoldingsToClassmates ? ['Classmates can see each other’s holdings'] : [],
  );
  return (
    <Card>
      <CardTitle icon={<ScrollText aria-hidden="true" className={icon} />}>Class rules</CardTitle>
      {lines.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          No extra rules: the market&apos;s own rules apply.
        </p>
      ) : (
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-200">
          {lines.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">
        Trading runs from {cls.startDate} to {cls.endDate}. Orders that break a rule are refused before
        anything is reserved.
      </p>
    </Card>
  );
}

/** /classes/:id (issue 26): rules and standings; the teacher's roster, invite code and report. */
export function ClassScreen() {
  const { virtualCashLabel } = useInstance();
  const { id = '' } = useParams();
  const s = useClassScreen(id);
  const { cls, standings } = s;
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

      {teacher ? (
        <Card>
          <CardTitle icon={<Users aria-hidden="true" className={icon} />}>Invite code</CardTitle>
          <div className="flex flex-wrap items-center gap-3">
            <code
              data-testid="invite-code"
              className="rounded-lg bg-slate-100 px-3 py-2 font-mono text-lg tracking-widest text-slate-900 dark:bg-slate-900 dark:text-white"
            >
              {c.inviteCode}
            </code>
            <Button
              variant="secondary"
              size="sm"
              loading={s.rotating}
              icon={<RefreshCw aria-hidden="true" className="size-4" />}
              onClick={() => void s.rotate()}
            >
              New code
            </Button>
          </div>
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">
            Students join at Classrooms with this code until {c.endDate}. A new code stops the old one.
          </p>
        </Card>
      ) : removed ? (
        <Card>
          <p role="status" className="text-sm text-slate-700 dark:text-slate-200">
            Your teacher removed you from this class. Your class portfolio is kept read-only under Portfolios;
            the standings are no longer shown to you.
          </p>
        </Card>
      ) : c.membership ? (
        <Card>
          <CardTitle icon={<Trophy aria-hidden="true" className={icon} />}>My class portfolio</CardTitle>
          <p className="text-sm text-slate-700 dark:text-slate-200">
            You joined on {formatDate(c.membership.joinedAt)}. Trade it from the Trading page: the class rules
            apply there.
          </p>
          <Button className="mt-3" onClick={() => s.trade(c.membership!.portfolioId)}>
            Trade in my class portfolio
          </Button>
        </Card>
      ) : null}

      <RulesCard cls={c} />

      {s.active ? <AssignmentsCard classId={c.id} teacher={teacher} /> : null}

      {teacher ? (
        <Card>
          <CardTitle icon={<Users aria-hidden="true" className={icon} />}>Roster</CardTitle>
          {c.members.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              No students yet: share the invite code.
            </p>
          ) : (
            <ul className="divide-y divide-slate-100 dark:divide-slate-700">
              {c.members.map((m) => (
                <li key={m.userId} className="flex flex-wrap items-center gap-2 py-2">
                  <Link
                    to={`/classes/${c.id}/students/${m.userId}`}
                    className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                  >
                    {m.fullName}
                  </Link>
                  <span className="text-xs text-slate-600 dark:text-slate-300">
                    joined {formatDate(m.joinedAt)}
                  </span>
                  {m.status === 'removed' ? (
                    <Badge tone={ROLE_TONE.removed} className="ml-auto">
                      removed
                    </Badge>
                  ) : s.confirming === m.userId ? (
                    <span className="ml-auto flex gap-2">
                      <Button
                        size="sm"
                        variant="danger"
                        loading={s.removing}
                        onClick={() => void s.remove(m.userId)}
                      >
                        Remove {m.fullName}
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => s.setConfirming(null)}>
                        Keep
                      </Button>
                    </span>
                  ) : (
                    <Button
                      size="sm"
                      variant="ghost"
                      className="ml-auto"
                      onClick={() => s.setConfirming(m.userId)}
                    >
                      Remove
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">
            A removed student&apos;s portfolio is archived read-only (open orders cancelled), never deleted.
          </p>
        </Card>
      ) : null}

      {s.active ? (
        <Card>
          <CardTitle
            icon={<Trophy aria-hidden="true" className={icon} />}
            action={
              teacher ? (
                <Button
                  size="sm"
                  variant="secondary"
                  loading={s.downloading}
                  icon={<Download aria-hidden="true" className="size-4" />}
                  onClick={() => void s.download()}
                >
                  Report (CSV)
                </Button>
              ) : undefined
            }
          >
            Standings
          </CardTitle>
          {standings.data ? (
            <StandingsTable
              board={standings.data}
              studentHref={
                teacher || c.rules.showHoldingsToClassmates
                  ? (u) => `/classes/${c.id}/students/${u}`
                  : undefined
              }
            />
          ) : standings.isError ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {errorMessage(standings.error, 'Could not load the standings')}
            </p>
          ) : (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
              <Spinner size="sm" /> Loading the standings...
            </p>
          )}
        </Card>
      ) : null}
    </div>
  );
}
