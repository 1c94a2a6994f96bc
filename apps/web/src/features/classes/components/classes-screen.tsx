import { Link, useNavigate } from 'react-router';
import { KeyRound } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatRupees } from '../../../lib/money-format';
import { useClasses } from '../api/classes-api';
import { CreateClassForm } from './create-class-form';
import { useJoinClassForm } from './use-join-class';
import { useInstance } from '../../../lib/instance';

export const ROLE_TONE = {
  teacher: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200',
  student: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  removed: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
} as const;

function JoinClassCard({ onJoined }: { onJoined: (id: string) => void }) {
  const { code, setCode, error, submit, busy } = useJoinClassForm(onJoined);
  return (
    <Card>
      <CardTitle
        icon={<KeyRound aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-400" />}
      >
        Join a class
      </CardTitle>
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        aria-label="Join a class"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="flex-1">
          <TextField
            label="Invite code from your teacher"
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            onChange={(e) => setCode(e.target.value)}
            error={error}
          />
        </div>
        <Button type="submit" loading={busy} className="sm:mt-7">
          Join
        </Button>
      </form>
    </Card>
  );
}

/** /classes (issue 26): the classes I teach or study in, joining by code, and a new class. */
export function ClassesScreen() {
  const { virtualCashLabel } = useInstance();
  const navigate = useNavigate();
  const classes = useClasses();
  const open = (id: string) => void navigate(`/classes/${id}`);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Classrooms</h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          A teacher sets the rules; each student practises in a class portfolio of {virtualCashLabel} on the
          simulated market. Standings weigh return against risk, and notes count: the process, not luck.
        </p>
      </div>
      <section aria-labelledby="my-classes" className="space-y-3">
        <h2 id="my-classes" className="text-lg font-semibold text-slate-900 dark:text-white">
          My classes
        </h2>
        {classes.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
            <Spinner size="sm" /> Loading your classes...
          </p>
        ) : classes.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errorMessage(classes.error, 'Could not load your classes')}
          </p>
        ) : classes.data.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            You are in no class yet. Join one with its invite code, or create one for your students.
          </p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {classes.data.map((c) => {
              const removed = c.membership?.status === 'removed';
              return (
                <li key={c.id}>
                  <Card className="h-full">
                    <div className="flex flex-wrap items-center gap-2">
                      <Link
                        to={`/classes/${c.id}`}
                        className="text-lg font-semibold text-indigo-700 hover:underline dark:text-indigo-300"
                      >
                        {c.name}
                      </Link>
                      <Badge tone={ROLE_TONE[removed ? 'removed' : c.role]}>
                        {removed ? 'removed' : c.role}
                      </Badge>
                    </div>
                    <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                      {c.role === 'teacher' ? 'You teach' : `Teacher: ${c.teacherName}`} · {c.startDate} to{' '}
                      {c.endDate}
                    </p>
                    <p className="text-sm text-slate-600 dark:text-slate-300">
                      {formatRupees(c.startingCash)} {virtualCashLabel} each · {c.activeStudents} student
                      {c.activeStudents === 1 ? '' : 's'}
                    </p>
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <JoinClassCard onJoined={open} />
        <CreateClassForm onCreated={open} />
      </div>
    </div>
  );
}
