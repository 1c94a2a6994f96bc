import { Hourglass } from 'lucide-react';
import type { AgentApproval } from '@nivesh/shared';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useAgentApprovals, useDecideApproval } from '../api/agent-api';
import { describeOrder } from '../lib/approval-text';
import { ApprovalItem } from './approval-item';

/** Decided approvals kept in view, so a refusal's reason can still be read after the list refreshes. */
const RECENT_DECIDED = 5;

/** What the server did with an approval: placed, refused on the way (its reason), or dropped. */
function announce(decided: AgentApproval, decision: 'approve' | 'reject') {
  if (decision === 'reject') notify.info(`Rejected: ${describeOrder(decided)}`);
  // Approved with a reason: the order was placed, then the exchange simulator rejected it.
  else if (decided.reason && decided.status === 'APPROVED') notify.error(`Order rejected: ${decided.reason}`);
  else if (decided.reason) notify.error(`Not placed: ${decided.reason}`);
  else notify.success(`Approved: ${describeOrder(decided)} placed`);
}

/** Orders agents placed under "ask me to approve", waiting for the user, and the last few decided. */
export function ApprovalsCard() {
  const approvals = useAgentApprovals();
  const decide = useDecideApproval();
  const all = approvals.data ?? [];
  const waiting = all.filter((a) => a.status === 'AWAITING_APPROVAL');
  const decided = all.filter((a) => a.status !== 'AWAITING_APPROVAL').slice(0, RECENT_DECIDED);
  const busyFor = (id: string) =>
    decide.isPending && decide.variables.id === id ? decide.variables.decision : null;
  const onDecide = (id: string, decision: 'approve' | 'reject') =>
    decide.mutate(
      { id, decision },
      {
        onSuccess: (decided) => announce(decided, decision),
        onError: (e) => notify.error(errorMessage(e, `Could not ${decision} the order`)),
      },
    );

  return (
    <Card aria-labelledby="agent-approvals-title">
      <CardTitle icon={<Hourglass aria-hidden="true" className="size-5 text-amber-600" />}>
        <span id="agent-approvals-title">Approvals waiting ({waiting.length})</span>
      </CardTitle>
      {approvals.isPending ? (
        <Spinner />
      ) : approvals.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(approvals.error, 'Could not load the approvals')}
        </p>
      ) : (
        <div className="space-y-5">
          {waiting.length ? (
            <ul aria-label="Waiting for approval">
              {waiting.map((a) => (
                <ApprovalItem
                  key={a.id}
                  approval={a}
                  busy={busyFor(a.id)}
                  onDecide={(d) => onDecide(a.id, d)}
                />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Nothing waiting. A token set to “ask me to approve every order” holds its orders here.
            </p>
          )}
          {decided.length ? (
            <div>
              <h3 className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-200">
                Recently decided
              </h3>
              <ul aria-label="Recently decided">
                {decided.map((a) => (
                  <ApprovalItem key={a.id} approval={a} busy={null} onDecide={() => undefined} />
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      )}
    </Card>
  );
}
