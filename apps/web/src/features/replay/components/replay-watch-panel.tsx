import { useId } from 'react';
import type { Alert, Gtt, OrderSide, Replay } from '@nivesh/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { ToggleGroup } from '../../../components/ui/toggle-group';
import { errorMessage } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/money-format';
import {
  describeReplayAlert,
  describeReplayGtt,
  replayTimeLabel,
  type WatchDraft,
  type WatchKind,
} from '../lib/replay-watch';
import type { PickedStock } from './replay-stock-search';
import { useReplayWatch } from './use-replay-watch';

const KINDS = [
  { key: 'alert', label: 'Price alert' },
  { key: 'gtt', label: 'GTT' },
] as const satisfies ReadonlyArray<{ key: WatchKind; label: string }>;
const CONDITIONS = [
  { key: 'below', label: 'At or below' },
  { key: 'above', label: 'At or above' },
] as const satisfies ReadonlyArray<{ key: WatchDraft['condition']; label: string }>;
const SIDES = [
  { key: 'BUY', label: 'Buy' },
  { key: 'SELL', label: 'Sell' },
] as const satisfies ReadonlyArray<{ key: OrderSide; label: string }>;

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

function AlertRow({
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

function GttRow({
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

/**
 * Price alerts and GTTs in the replay's portfolio: set for the picked stock, judged by the server
 * on the replay's own minute path as its clock moves (not on the live market, and not pushed as
 * notifications); listed with their status and, once fired, the replay time.
 */
export function ReplayWatchPanel({ replay, stock }: { replay: Replay; stock: PickedStock | null }) {
  const w = useReplayWatch(replay, stock?.symbol ?? '');
  const reasonId = useId();
  const off = w.blocked !== null;
  const { draft, set } = w;
  return (
    <Card className="min-w-0 space-y-4" aria-labelledby={`${reasonId}-title`}>
      <CardTitle>
        <span id={`${reasonId}-title`}>Alerts and GTTs in this replay</span>
      </CardTitle>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        Checked on this replay’s prices as its clock moves, never on the live market; they show here, not in
        your notifications.
      </p>
      <form
        className="space-y-3"
        aria-label="Set an alert or GTT"
        onSubmit={(e) => {
          e.preventDefault();
          void w.submit();
        }}
      >
        {w.blocked ? (
          <p
            id={reasonId}
            role="note"
            data-testid="watch-blocked"
            className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          >
            {w.blocked}
          </p>
        ) : null}
        <fieldset disabled={off} className="min-w-0 space-y-3" aria-describedby={off ? reasonId : undefined}>
          <p className="text-sm text-slate-700 dark:text-slate-200">
            {stock ? (
              <>
                For <span className="font-semibold">{stock.name}</span> ({stock.symbol})
              </>
            ) : (
              'Pick a stock in the trade ticket or the market panel first.'
            )}
          </p>
          <ToggleGroup
            label="Set a"
            variant="segmented"
            options={KINDS}
            value={draft.kind}
            onChange={(kind) => set({ kind })}
          />
          {draft.kind === 'alert' ? (
            <>
              <ToggleGroup
                label="When the price is"
                variant="segmented"
                options={CONDITIONS}
                value={draft.condition}
                onChange={(condition) => set({ condition })}
              />
              <TextField
                label="Alert price (₹)"
                inputMode="decimal"
                value={draft.value}
                onChange={(e) => set({ value: e.target.value })}
              />
            </>
          ) : (
            <>
              <ToggleGroup
                label="GTT side"
                variant="segmented"
                options={SIDES}
                value={draft.side}
                onChange={(side) => set({ side })}
              />
              <TextField
                label="GTT quantity"
                inputMode="numeric"
                value={draft.quantity}
                onChange={(e) => set({ quantity: e.target.value })}
              />
              <div className="grid grid-cols-2 gap-2">
                <TextField
                  label="Trigger (₹)"
                  inputMode="decimal"
                  value={draft.triggerPrice}
                  onChange={(e) => set({ triggerPrice: e.target.value })}
                />
                <TextField
                  label="Limit (₹)"
                  inputMode="decimal"
                  value={draft.limitPrice}
                  onChange={(e) => set({ limitPrice: e.target.value })}
                />
              </div>
              <p className="text-xs text-slate-600 dark:text-slate-300">
                When the replay’s price reaches the trigger, a limit order at the limit price is placed in
                this replay.
              </p>
            </>
          )}
          <Button type="submit" className="w-full" loading={w.pending} disabled={off || w.pending}>
            {draft.kind === 'alert' ? 'Set alert' : 'Set GTT'}
          </Button>
        </fieldset>
        {w.outcome ? (
          <p
            role={w.outcome.ok ? 'status' : 'alert'}
            data-testid="watch-outcome"
            className={
              w.outcome.ok
                ? 'text-sm font-medium text-emerald-800 dark:text-emerald-300'
                : 'text-sm font-medium text-red-700 dark:text-red-300'
            }
          >
            {w.outcome.text}
          </p>
        ) : null}
      </form>
      {w.listError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {w.listError}
        </p>
      ) : null}
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
    </Card>
  );
}
