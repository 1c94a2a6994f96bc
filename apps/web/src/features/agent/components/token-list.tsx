import { useState } from 'react';
import { KeySquare } from 'lucide-react';
import type { AgentToken } from '@nivesh/shared';
import { Card, CardTitle } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useRevokeAgentToken } from '../api/agent-api';
import { KillDialog } from './kill-dialog';
import { TokenItem } from './token-item';

/** The user's tokens, live first as the server sends them; revoked ones stay listed for their record. */
export function TokenList({ tokens }: { tokens: AgentToken[] }) {
  const revoke = useRevokeAgentToken();
  const [killing, setKilling] = useState<AgentToken | null>(null);
  const doRevoke = (token: AgentToken) =>
    revoke.mutate(token.id, {
      onSuccess: (t) => notify.success(`${t.name} revoked: its secret no longer works`),
      onError: (e) => notify.error(errorMessage(e, 'Could not revoke the token')),
    });
  return (
    <Card>
      <CardTitle
        icon={<KeySquare aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-400" />}
      >
        Your agent tokens
      </CardTitle>
      {tokens.length ? (
        <ul aria-label="Agent tokens">
          {tokens.map((token) => (
            <TokenItem
              key={token.id}
              token={token}
              revoking={revoke.isPending && revoke.variables === token.id}
              onRevoke={() => doRevoke(token)}
              onKill={() => setKilling(token)}
            />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          No tokens yet. Create one above, then give its secret to your agent.
        </p>
      )}
      <KillDialog token={killing} onClose={() => setKilling(null)} />
    </Card>
  );
}
