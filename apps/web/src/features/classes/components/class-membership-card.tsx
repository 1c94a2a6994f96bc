import { RefreshCw, Trophy, Users } from 'lucide-react';
import { formatDate, type ClassDetail } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { CLASS_CARD_ICON as icon } from './class-card-icon';
import type { useClassScreen } from './use-class-screen';

/** The teacher's invite code; a removed student's notice; a student's own class portfolio. */
export function ClassMembershipCard({ c, s }: { c: ClassDetail; s: ReturnType<typeof useClassScreen> }) {
  const teacher = c.role === 'teacher';
  const removed = c.membership?.status === 'removed';
  return teacher ? (
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
        Your teacher removed you from this class. Your class portfolio is kept read-only under Portfolios; the
        standings are no longer shown to you.
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
  ) : null;
}
