import type { ReactNode } from 'react';
import { Ban, Power } from 'lucide-react';
import type { AgentToken } from '@nivesh/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/date-format';
import { formatRupees } from '../../../lib/money-format';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600 dark:text-slate-300">{term}</dt>
      <dd className="truncate text-sm font-medium text-slate-900 tabular-nums dark:text-slate-100">
        {children}
      </dd>
    </div>
  );
}

/** One token: its settings and use, with Revoke and the kill switch while it is live. */
export function TokenItem({
  token,
  revoking,
  onRevoke,
  onKill,
}: {
  token: AgentToken;
  revoking: boolean;
  onRevoke: () => void;
  onKill: () => void;
}) {
  const revoked = token.revokedAt !== null;
  return (
    <li
      className="space-y-3 border-t border-slate-100 py-4 first:border-t-0 first:pt-0 dark:border-slate-700"
      aria-label={token.name}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-slate-900 dark:text-white">{token.name}</h3>
        <code className="text-xs text-slate-600 dark:text-slate-300">{token.hint}</code>
        {revoked ? (
          <Badge tone="bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200">Revoked</Badge>
        ) : (
          <Badge tone="bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">Live</Badge>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
        <Fact term="Scopes">{token.scopes.join(', ')}</Fact>
        <Fact term="Budget">{formatRupees(token.budgetInr)}</Fact>
        <Fact term="Approval">{token.requireApproval ? 'Every order' : 'Not asked'}</Fact>
        <Fact term="Daily loss limit">
          {token.dailyLossLimitInr === null ? 'None' : formatRupees(token.dailyLossLimitInr)}
        </Fact>
        <Fact term="Last used">{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Never'}</Fact>
        <Fact term="Created">{formatDateTime(token.createdAt)}</Fact>
        {token.revokedAt ? <Fact term="Revoked">{formatDateTime(token.revokedAt)}</Fact> : null}
      </dl>
      {revoked ? null : (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            loading={revoking}
            onClick={onRevoke}
            icon={<Ban aria-hidden="true" className="size-4" />}
            aria-label={`Revoke ${token.name}`}
          >
            Revoke
          </Button>
          <Button
            variant="danger"
            size="sm"
            onClick={onKill}
            icon={<Power aria-hidden="true" className="size-4" />}
            aria-label={`Kill switch for ${token.name}`}
          >
            Kill switch
          </Button>
        </div>
      )}
    </li>
  );
}
