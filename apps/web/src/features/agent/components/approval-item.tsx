import type { AgentApproval } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/date-format';
import { APPROVAL_STATUS_LABEL, describeOrder } from '../lib/approval-text';

/** A held order; while it waits, Approve places it through the normal checks and Reject drops it. */
export function ApprovalItem({
  approval,
  busy,
  onDecide,
}: {
  approval: AgentApproval;
  busy: 'approve' | 'reject' | null;
  onDecide: (decision: 'approve' | 'reject') => void;
}) {
  const waiting = approval.status === 'AWAITING_APPROVAL';
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 py-3 first:border-t-0 first:pt-0 dark:border-slate-700"
      aria-label={`${approval.tokenName}: ${describeOrder(approval)}`}
    >
      <div className="min-w-0 space-y-0.5">
        <p
          className={cn(
            'font-medium tabular-nums',
            approval.type === 'BUY'
              ? 'text-emerald-700 dark:text-emerald-400'
              : 'text-red-700 dark:text-red-400',
          )}
        >
          {describeOrder(approval)}
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-300">
          {approval.tokenName} · asked {formatDateTime(approval.createdAt)}
          {waiting ? null : ` · ${APPROVAL_STATUS_LABEL[approval.status]}`}
          {approval.decidedAt ? ` ${formatDateTime(approval.decidedAt)}` : null}
        </p>
        {approval.reason ? (
          <p className="text-sm text-slate-700 dark:text-slate-200" data-testid="approval-reason">
            {approval.reason}
          </p>
        ) : null}
      </div>
      {waiting ? (
        <div className="flex gap-2">
          <Button
            size="sm"
            loading={busy === 'approve'}
            disabled={busy !== null}
            onClick={() => onDecide('approve')}
          >
            Approve
          </Button>
          <Button
            size="sm"
            variant="secondary"
            loading={busy === 'reject'}
            disabled={busy !== null}
            onClick={() => onDecide('reject')}
          >
            Reject
          </Button>
        </div>
      ) : null}
    </li>
  );
}
