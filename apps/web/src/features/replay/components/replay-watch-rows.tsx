import type { Alert, Gtt, Replay } from '@nivesh/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatPrice } from '../../../lib/money-format';
import { describeReplayAlert, describeReplayGtt, replayTimeLabel } from '../lib/replay-watch';

const TONE: Record<string, string> = {
  ACTIVE: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200',
  TRIGGERED: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  REJECTED: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
};
const ENDED = 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100';
const WORD: Record<string, string> = {
  ACTIVE: 'Watching',
  TRIGGERED: 'Fired',
  DISABLED: 'Paused',
  EXPIRED: 'Ended',
  CANCELLED: 'Cancelled',
  REJECTED: 'Order refused',
};

function Status({ status }: { status: string }) {
  return <Badge tone={TONE[status] ?? ENDED}>{WORD[status] ?? status}</Badge>;
}

export function AlertRow({
  alert,
  replay,
  onDelete,
  deleting,
}: {
  alert: Alert;
  replay: Replay;
  onDelete: (id: string) => void;
  deleting: boolean;
}) {
  const fired = alert.lastTriggeredAt;
  return (
    <li data-testid={`replay-alert-${alert.id}`} className="space-y-1 py-2 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 font-medium break-words text-slate-900 dark:text-white">
          {describeReplayAlert(alert)}
        </span>
        <Status status={alert.status} />
      </div>
      {fired ? (
        <p className="text-emerald-800 dark:text-emerald-300">
          Fired at {replayTimeLabel(fired, replay.calendar)}
          {alert.history[0] ? ` at ${formatPrice(alert.history[0].price)}` : ''}
        </p>
      ) : null}
      {alert.statusReason && alert.status !== 'TRIGGERED' ? (
        <p className="text-slate-600 dark:text-slate-300">{alert.statusReason}</p>
      ) : null}
      {replay.status !== 'finished' ? (
        <Button variant="secondary" size="sm" loading={deleting} onClick={() => onDelete(alert.id)}>
          Delete alert
        </Button>
      ) : null}
    </li>
  );
}

export function GttRow({
  gtt,
  replay,
  onCancel,
  cancelling,
}: {
  gtt: Gtt;
  replay: Replay;
  onCancel: (id: string) => void;
  cancelling: boolean;
}) {
  return (
    <li data-testid={`replay-gtt-${gtt.id}`} className="space-y-1 py-2 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 font-medium break-words text-slate-900 dark:text-white">
          {describeReplayGtt(gtt)}
        </span>
        <Status status={gtt.status} />
      </div>
      {gtt.triggeredAt ? (
        <p className="text-emerald-800 dark:text-emerald-300">
          Fired at {replayTimeLabel(gtt.triggeredAt, replay.calendar)}
          {gtt.triggeredPrice !== null ? ` at ${formatPrice(gtt.triggeredPrice)}` : ''}
          {gtt.status === 'TRIGGERED' ? ': its limit order is in the orders below' : ''}
        </p>
      ) : null}
      {gtt.statusReason && gtt.status !== 'ACTIVE' ? (
        <p className="text-slate-600 dark:text-slate-300">{gtt.statusReason}</p>
      ) : null}
      {gtt.status === 'ACTIVE' && replay.status !== 'finished' ? (
        <Button variant="secondary" size="sm" loading={cancelling} onClick={() => onCancel(gtt.id)}>
          Cancel GTT
        </Button>
      ) : null}
    </li>
  );
}
