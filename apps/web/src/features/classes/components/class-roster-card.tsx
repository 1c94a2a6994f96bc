import { Link } from 'react-router';
import { Users } from 'lucide-react';
import { formatDate, type ClassDetail } from '@nivesh/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { ROLE_TONE } from './classes-screen';
import { CLASS_CARD_ICON as icon } from './class-card-icon';
import type { useClassScreen } from './use-class-screen';

/** The teacher's list of students, each removable after a confirmation. */
export function ClassRosterCard({ c, s }: { c: ClassDetail; s: ReturnType<typeof useClassScreen> }) {
  return (
    <Card>
      <CardTitle icon={<Users aria-hidden="true" className={icon} />}>Roster</CardTitle>
      {c.members.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No students yet: share the invite code.</p>
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
  );
}
