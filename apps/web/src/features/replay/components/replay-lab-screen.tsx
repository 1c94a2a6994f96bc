import { Link } from 'react-router';
import { istDate } from '@nivesh/shared';
import { Badge } from '../../../components/ui/badge';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/date-format';
import { useDrills, useReplays } from '../api/replay-api';
import { formatSignedPercent } from '../lib/replay-score';
import { replayTitle } from '../lib/replay-time';
import { DrillCard } from './drill-card';
import { NewReplayForm } from './new-replay-form';
import { useNewReplayForm } from './use-new-replay-form';

const STATUS_WORD = { paused: 'Paused', playing: 'Playing', finished: 'Finished' } as const;

function Drills() {
  const drills = useDrills();
  const starter = useNewReplayForm({ speed: 60 });
  if (drills.isPending) return <Spinner />;
  if (drills.isError) return <p role="alert">{errorMessage(drills.error, 'Could not load the drills')}</p>;
  return (
    <section aria-labelledby="drills-heading" className="space-y-3">
      <h2 id="drills-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Drills: real days worth practising
      </h2>
      {starter.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {starter.error}
        </p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {drills.data.map((d) => (
          <DrillCard
            key={d.id}
            drill={d}
            pending={starter.pending}
            onStart={(date, days) => starter.start({ date, days, blind: false })}
          />
        ))}
      </div>
    </section>
  );
}

function YourReplays() {
  const replays = useReplays();
  if (replays.isPending) return <Spinner />;
  if (replays.isError)
    return <p role="alert">{errorMessage(replays.error, 'Could not load your replays')}</p>;
  return (
    <Card>
      <CardTitle>Your replays</CardTitle>
      {replays.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          No replays yet. Start one from a drill or pick a day above.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-700/60">
          {replays.data.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <Link
                to={`/replay/${encodeURIComponent(r.id)}`}
                className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
              >
                {replayTitle(r)}
              </Link>
              <span className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-300">
                <Badge tone="bg-slate-100 text-slate-800 dark:bg-slate-700 dark:text-slate-100">
                  {STATUS_WORD[r.status]}
                </Badge>
                {r.score ? (
                  <span className="font-semibold tabular-nums text-slate-900 dark:text-white">
                    return {formatSignedPercent(r.score.returnPercent)}
                  </span>
                ) : null}
                started {formatDateTime(r.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** /replay: practice trading real past days — drills, any day, and the replays already started. */
export function ReplayLabScreen() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Replay Lab</h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Real NSE days from 2020 on, on their own clock: every screen shows the market as of the replay's
          minute, never a bar after it. Prices are split- and bonus-adjusted, so they differ from the day's
          prints after a split.
        </p>
      </div>
      <NewReplayForm lastDay={istDate(Date.now())} />
      <Drills />
      <YourReplays />
    </div>
  );
}
