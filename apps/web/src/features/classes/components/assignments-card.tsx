import { CheckCircle2, Circle, ClipboardList } from 'lucide-react';
import { ASSIGNMENT_KINDS, formatDate, type AssignmentKind, type ClassAssignment } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { inputClass } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { KIND_LABELS, useAssignmentsCard } from './use-assignments-card';

const tick = (done: boolean) =>
  done ? (
    <CheckCircle2 aria-label="Done" className="size-5 shrink-0 text-emerald-600 dark:text-emerald-400" />
  ) : (
    <Circle aria-label="Not done yet" className="size-5 shrink-0 text-slate-400 dark:text-slate-500" />
  );

function StudentRow({ a }: { a: ClassAssignment }) {
  const p = a.progress;
  if (!p) return null;
  return (
    <li className="flex items-start gap-2 py-2">
      {tick(p.done)}
      <div>
        <p className="font-medium text-slate-900 dark:text-white">{a.title}</p>
        <p className="text-xs text-slate-600 dark:text-slate-300">
          {p.current} of {p.target} {a.unit}
          {p.done && p.doneAt ? ` · done ${formatDate(p.doneAt)}` : ''}
        </p>
      </div>
    </li>
  );
}

function TeacherRow({
  a,
  onRemove,
  removing,
}: {
  a: ClassAssignment;
  onRemove: () => void;
  removing: boolean;
}) {
  const done = a.students.filter((s) => s.done).length;
  return (
    <li className="py-2">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-medium text-slate-900 dark:text-white">{a.title}</p>
        <span className="text-xs text-slate-600 dark:text-slate-300">
          {done} of {a.students.length} student{a.students.length === 1 ? '' : 's'} done
        </span>
        <Button size="sm" variant="ghost" className="ml-auto" loading={removing} onClick={onRemove}>
          Remove
        </Button>
      </div>
      {a.students.length > 0 ? (
        <ul className="mt-1 grid gap-1 sm:grid-cols-2" aria-label={`Progress: ${a.title}`}>
          {a.students.map((s) => (
            <li key={s.userId} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
              {tick(s.done)}
              <span>{s.fullName}</span>
              <span className="text-xs text-slate-600 dark:text-slate-300">
                {s.current} of {s.target}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** Assignments (issue 26): ticked from the class portfolio's records, never by hand. */
export function AssignmentsCard({ classId, teacher }: { classId: string; teacher: boolean }) {
  const s = useAssignmentsCard(classId, true);
  const items = s.list.data ?? [];
  return (
    <Card>
      <CardTitle
        icon={<ClipboardList aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-400" />}
      >
        Assignments
      </CardTitle>
      {teacher ? (
        <form
          aria-label="New assignment"
          className="mb-3 flex flex-wrap items-end gap-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void s.add();
          }}
        >
          <label className="block min-w-56 flex-1 text-sm font-medium text-slate-700 dark:text-slate-200">
            Assignment
            <select
              className={`${inputClass} mt-1`}
              value={s.kind}
              onChange={(e) => s.setKind(e.target.value as AssignmentKind)}
            >
              {ASSIGNMENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {KIND_LABELS[k]}
                </option>
              ))}
            </select>
          </label>
          <div className="w-28">
            <TextField
              label="N"
              inputMode="numeric"
              value={s.count}
              onChange={(e) => s.setCount(e.target.value)}
              error={s.countError}
            />
          </div>
          <Button type="submit" loading={s.adding} disabled={s.countError !== undefined}>
            Add
          </Button>
        </form>
      ) : null}
      {s.list.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <Spinner size="sm" /> Loading the assignments...
        </p>
      ) : s.list.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(s.list.error, 'Could not load the assignments')}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {teacher ? 'No assignments yet.' : 'Your teacher has not set any assignments yet.'}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-700" aria-label="Assignments">
          {items.map((a) =>
            teacher ? (
              <TeacherRow
                key={a.id}
                a={a}
                removing={s.removingId === a.id}
                onRemove={() => void s.remove(a.id)}
              />
            ) : (
              <StudentRow key={a.id} a={a} />
            ),
          )}
        </ul>
      )}
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">
        Progress is read from {teacher ? 'each student’s' : 'your'} class portfolio (orders, holdings, GTTs,
        journal); once done, an assignment stays done.
      </p>
    </Card>
  );
}
