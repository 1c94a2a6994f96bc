import { Download, Trophy } from 'lucide-react';
import type { ClassDetail } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { CLASS_CARD_ICON as icon } from './class-card-icon';
import { StandingsTable } from './standings-table';
import type { useClassScreen } from './use-class-screen';

/** The class leaderboard; the teacher can download it as a report. */
export function ClassStandingsCard({ c, s }: { c: ClassDetail; s: ReturnType<typeof useClassScreen> }) {
  const teacher = c.role === 'teacher';
  const { standings } = s;
  return (
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
            teacher || c.rules.showHoldingsToClassmates ? (u) => `/classes/${c.id}/students/${u}` : undefined
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
  );
}
