import type { Replay } from '@nivesh/shared';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { AlertRow, GttRow } from './replay-watch-rows';
import type { useReplayWatch } from './use-replay-watch';

/** The replay's price alerts and GTTs, each with its status. */
export function ReplayWatchLists({
  w,
  replay,
  reasonId,
}: {
  w: ReturnType<typeof useReplayWatch>;
  replay: Replay;
  reasonId: string;
}) {
  return (
    <>
      <section aria-labelledby={`${reasonId}-alerts`} className="space-y-1">
        <h3 id={`${reasonId}-alerts`} className="font-semibold text-slate-900 dark:text-white">
          Price alerts
        </h3>
        {w.alerts.isError && !w.alerts.data ? (
          <p className="text-sm text-red-700 dark:text-red-300">
            {errorMessage(w.alerts.error, 'Could not load the alerts')}
          </p>
        ) : !w.alerts.data ? (
          <Spinner />
        ) : w.alerts.data.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">No alerts in this replay.</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-700">
            {w.alerts.data.map((a) => (
              <AlertRow
                key={a.id}
                alert={a}
                replay={replay}
                onDelete={w.removeAlert}
                deleting={w.removingAlert === a.id}
              />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby={`${reasonId}-gtts`} className="space-y-1">
        <h3 id={`${reasonId}-gtts`} className="font-semibold text-slate-900 dark:text-white">
          GTTs
        </h3>
        {w.gtts.isError && !w.gtts.data ? (
          <p className="text-sm text-red-700 dark:text-red-300">
            {errorMessage(w.gtts.error, 'Could not load the GTTs')}
          </p>
        ) : !w.gtts.data ? (
          <Spinner />
        ) : w.gtts.data.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">No GTTs in this replay.</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-700">
            {w.gtts.data.map((g) => (
              <GttRow
                key={g.id}
                gtt={g}
                replay={replay}
                onCancel={w.cancel}
                cancelling={w.cancellingGtt === g.id}
              />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
