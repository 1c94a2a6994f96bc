import type { Replay, ReplayOrder } from '@nivesh/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { cn } from '../../../lib/cn';
import { formatPrice, MISSING } from '../../../lib/money-format';
import { replayClockLabel } from '../lib/replay-time';
import { useCancelReplayOrderAction } from './use-cancel-replay-order';

const COLUMNS = ['Stock', 'Order', 'Qty', 'Status', 'Fill price', 'Filled at', 'Reason', ''] as const;
const STATUS_TONE: Record<ReplayOrder['status'], string> = {
  FILLED: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  PENDING: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  CANCELLED: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  EXPIRED: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  REJECTED: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
};
const td = 'whitespace-nowrap px-2.5 py-2 text-slate-800 dark:text-slate-200';

function orderWords(o: ReplayOrder): string {
  const side = o.side === 'BUY' ? 'Buy' : 'Sell';
  if (o.orderType === 'LIMIT' && o.limitPrice !== null) return `${side} limit ${formatPrice(o.limitPrice)}`;
  if (o.orderType === 'STOP' && o.triggerPrice !== null) return `${side} stop ${formatPrice(o.triggerPrice)}`;
  return `${side} market`;
}

/** The replay's orders, newest first; a resting one can be cancelled. Fill times are on the replay's clock. */
export function ReplayOrdersTable({
  replay,
  portfolioId,
  orders,
}: {
  replay: Replay;
  portfolioId: string;
  orders: readonly ReplayOrder[];
}) {
  const cancel = useCancelReplayOrderAction(replay.id, portfolioId);
  if (orders.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-300">No orders yet.</p>;
  return (
    <div className="space-y-2">
      <ScrollRegion label="Orders">
        <table className="w-full min-w-[760px] text-sm" data-testid="replay-orders">
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:border-slate-700 dark:text-slate-300">
              {COLUMNS.map((c, i) => (
                <th key={c || `col-${i}`} scope="col" className="whitespace-nowrap px-2.5 py-2">
                  {c || <span className="sr-only">Actions</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
            {orders.map((o) => (
              <tr key={o.id} data-testid={`replay-order-${o.id}`}>
                <th scope="row" className="px-2.5 py-2 text-left font-normal">
                  <span className="block font-semibold text-slate-900 dark:text-white">{o.name}</span>
                  <span className="block text-xs text-slate-600 dark:text-slate-300">{o.symbol}</span>
                </th>
                <td className={td}>{orderWords(o)}</td>
                <td className={cn(td, 'tabular-nums')}>{o.quantity}</td>
                <td className={td}>
                  <Badge tone={STATUS_TONE[o.status]}>{o.status}</Badge>
                </td>
                <td className={cn(td, 'tabular-nums')}>
                  {o.executionPrice === null ? MISSING : formatPrice(o.executionPrice)}
                </td>
                <td className={cn(td, 'tabular-nums')}>
                  {o.executedAt
                    ? replayClockLabel({ clock: o.executedAt, calendar: replay.calendar })
                    : MISSING}
                </td>
                <td className="min-w-48 px-2.5 py-2 text-slate-700 dark:text-slate-300">
                  {o.statusReason ?? ''}
                </td>
                <td className={td}>
                  {o.status === 'PENDING' && replay.status !== 'finished' ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Cancel ${orderWords(o).toLowerCase()} order for ${o.quantity} ${o.symbol}`}
                      loading={cancel.pendingId === o.id}
                      disabled={cancel.pendingId !== undefined}
                      onClick={() => cancel.run(o.id)}
                    >
                      Cancel
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {cancel.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {cancel.error}
        </p>
      ) : null}
    </div>
  );
}
