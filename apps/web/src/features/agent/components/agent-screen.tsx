import { useState } from 'react';
import { InstanceGate } from '../../../components/ui/instance-gate';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAgentTokens } from '../api/agent-api';
import { ApprovalsCard } from './approvals-card';
import { AuditLog } from './audit-log';
import { CreateTokenForm } from './create-token-form';
import { TokenList } from './token-list';
import { TokenPerformance } from './token-performance';
import { TokenSecret } from './token-secret';
import type { CreatedToken } from './use-create-token-form';

/** What /agent says where the operator has not set AGENT_MCP_ENABLED (the server has no /mcp then). */
export const AGENT_SANDBOX_OFF_MESSAGE =
  'The agent sandbox is off on this instance: its operator has not enabled the MCP server.';

function Heading() {
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Agent sandbox</h1>
      <p className="max-w-3xl text-sm text-slate-600 dark:text-slate-300">
        Let an AI agent trade virtual rupees over MCP with Kite’s tool names. Each token trades only its own
        portfolio, within its budget; every call it makes is in the audit log below.
      </p>
    </div>
  );
}

/** /agent: tokens, approvals, each agent's track record and the audit log — only where the sandbox is on. */
export function AgentScreen() {
  return (
    <InstanceGate
      setting="agentSandbox"
      title="Agent sandbox"
      offMessage={AGENT_SANDBOX_OFF_MESSAGE}
      testId="agent-off"
    >
      <AgentSandbox />
    </InstanceGate>
  );
}

function AgentSandbox() {
  const tokens = useAgentTokens();
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const list = tokens.data ?? [];
  const live = list.filter((t) => t.revokedAt === null).length;
  return (
    <div className="space-y-6">
      <Heading />
      {created ? <TokenSecret created={created} onDone={() => setCreated(null)} /> : null}
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <CreateTokenForm onCreated={setCreated} liveTokens={live} />
        <ApprovalsCard />
      </div>
      {tokens.isPending ? (
        <Spinner />
      ) : tokens.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(tokens.error, 'Could not load your agent tokens')}
        </p>
      ) : (
        <>
          <TokenList tokens={list} />
          {list.length ? <TokenPerformance tokens={list} /> : null}
          <AuditLog tokens={list} />
        </>
      )}
    </div>
  );
}
