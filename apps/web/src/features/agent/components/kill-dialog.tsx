import type { AgentToken } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { plural } from '../../../lib/plural';
import { useKillAgentToken } from '../api/agent-api';

/** The kill switch: asks first, then reports what the server actually stopped. */
export function KillDialog({ token, onClose }: { token: AgentToken | null; onClose: () => void }) {
  const kill = useKillAgentToken();
  if (!token) return null;
  const close = () => {
    kill.reset();
    onClose();
  };
  const result = kill.data;
  return (
    <Modal open title={result ? `${token.name} stopped` : `Kill ${token.name}?`} onClose={close}>
      {result ? (
        <div className="space-y-3 text-sm text-slate-700 dark:text-slate-200" data-testid="agent-kill-result">
          <p role="status">
            The token is revoked. Cancelled {plural(result.cancelledOrders, 'open order')} and{' '}
            {plural(result.cancelledGtts, 'GTT')}; rejected{' '}
            {plural(result.rejectedApprovals, 'waiting approval')}.
          </p>
          <div className="flex justify-end">
            <Button onClick={close} data-autofocus>
              Done
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-3 text-sm text-slate-700 dark:text-slate-200">
          <p>
            This revokes the token at once, cancels its open orders and GTTs and rejects its waiting
            approvals. Its holdings and cash stay in its portfolio. It cannot be undone.
          </p>
          {kill.isError ? (
            <p role="alert" className="text-red-700 dark:text-red-400">
              {errorMessage(kill.error, 'Could not stop the token')}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={close} data-autofocus>
              Keep it running
            </Button>
            <Button variant="danger" loading={kill.isPending} onClick={() => kill.mutate(token.id)}>
              Kill {token.name}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
