import { useId } from 'react';
import type { Replay } from '@nivesh/shared';
import { Card, CardTitle } from '../../../components/ui/card';
import type { PickedStock } from './replay-stock-search';
import { ReplayWatchForm } from './replay-watch-form';
import { ReplayWatchLists } from './replay-watch-lists';
import { useReplayWatch } from './use-replay-watch';

/**
 * Price alerts and GTTs in the replay's portfolio: set for the picked stock, judged by the server
 * on the replay's own minute path as its clock moves (not on the live market, and not pushed as
 * notifications); listed with their status and, once fired, the replay time.
 */
export function ReplayWatchPanel({ replay, stock }: { replay: Replay; stock: PickedStock | null }) {
  const w = useReplayWatch(replay, stock?.symbol ?? '');
  const reasonId = useId();
  return (
    <Card className="min-w-0 space-y-4" aria-labelledby={`${reasonId}-title`}>
      <CardTitle>
        <span id={`${reasonId}-title`}>Alerts and GTTs in this replay</span>
      </CardTitle>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        Checked on this replay’s prices as its clock moves, never on the live market; they show here, not in
        your notifications.
      </p>
      <ReplayWatchForm w={w} stock={stock} reasonId={reasonId} />
      {w.listError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {w.listError}
        </p>
      ) : null}
      <ReplayWatchLists w={w} replay={replay} reasonId={reasonId} />
    </Card>
  );
}
