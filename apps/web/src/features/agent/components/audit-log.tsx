import { useState } from 'react';
import { ScrollText } from 'lucide-react';
import type { AgentToken } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAgentAudit } from '../api/agent-api';
import { AuditTable } from './audit-table';
import { TokenPicker } from './token-picker';

/** The audit log, filtered by token, with "Older" paging through `before`. */
export function AuditLog({ tokens }: { tokens: AgentToken[] }) {
  const [tokenId, setTokenId] = useState<string | null>(null);
  const audit = useAgentAudit(tokenId);
  const entries = audit.data?.pages.flat() ?? [];
  return (
    <Card aria-labelledby="agent-audit-title">
      <CardTitle
        icon={<ScrollText aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-400" />}
        action={
          <TokenPicker
            tokens={tokens}
            value={tokenId}
            onChange={setTokenId}
            allLabel="All tokens"
            label="Filter by token"
          />
        }
      >
        <span id="agent-audit-title">Audit log</span>
      </CardTitle>
      {audit.isPending ? (
        <Spinner />
      ) : audit.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(audit.error, 'Could not load the audit log')}
        </p>
      ) : entries.length ? (
        <div className="space-y-3">
          <AuditTable entries={entries} />
          {audit.hasNextPage ? (
            <div className="flex justify-end">
              <Button
                variant="secondary"
                size="sm"
                loading={audit.isFetchingNextPage}
                onClick={() => void audit.fetchNextPage()}
              >
                Older
              </Button>
            </div>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          No calls yet. Every tool call an agent makes at /mcp is recorded here.
        </p>
      )}
    </Card>
  );
}
