import type { AgentAuditEntry } from '@nivesh/shared';
import { Badge } from '../../../components/ui/badge';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/date-format';
import { formatSignedInr, MISSING } from '../../../lib/money-format';
import { compactArguments } from '../lib/connect';

const OUTCOME_TONE: Record<AgentAuditEntry['outcome'], string> = {
  ok: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  refused: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  error: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  awaiting_approval: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
};
const OUTCOME_LABEL: Record<AgentAuditEntry['outcome'], string> = {
  ok: 'ok',
  refused: 'refused',
  error: 'error',
  awaiting_approval: 'awaiting approval',
};
const HEADERS = ['Time', 'Token', 'Tool', 'Arguments', 'Outcome', 'Summary', 'Ledger effect'];
const cell = 'px-3 py-2 align-top';

function Row({ entry }: { entry: AgentAuditEntry }) {
  const args = JSON.stringify(entry.arguments);
  return (
    <tr className="border-t border-slate-100 dark:border-slate-700">
      <td className={cn(cell, 'whitespace-nowrap tabular-nums')}>{formatDateTime(entry.at)}</td>
      <td className={cn(cell, 'min-w-28')}>{entry.tokenName}</td>
      <td className={cn(cell, 'font-mono text-xs whitespace-nowrap')}>{entry.tool}</td>
      <td className={cn(cell, 'min-w-48 max-w-64 font-mono text-xs [overflow-wrap:anywhere]')} title={args}>
        {compactArguments(entry.arguments) || MISSING}
      </td>
      <td className={cell}>
        <Badge tone={OUTCOME_TONE[entry.outcome]}>{OUTCOME_LABEL[entry.outcome]}</Badge>
      </td>
      <td className={cn(cell, 'min-w-44')}>{entry.summary}</td>
      <td
        className={cn(
          cell,
          'text-right whitespace-nowrap tabular-nums',
          entry.ledgerEffectInr === null
            ? ''
            : entry.ledgerEffectInr < 0
              ? 'text-red-700 dark:text-red-400'
              : 'text-emerald-700 dark:text-emerald-400',
        )}
      >
        {entry.ledgerEffectInr === null ? MISSING : formatSignedInr(entry.ledgerEffectInr)}
      </td>
    </tr>
  );
}

/** Every call the agents made, newest first; wide, so it scrolls sideways inside its own box on a phone. */
export function AuditTable({ entries }: { entries: AgentAuditEntry[] }) {
  return (
    <ScrollRegion label="Agent audit log">
      <table className="w-full text-sm text-slate-800 dark:text-slate-200">
        <caption className="sr-only">Agent audit log</caption>
        <thead>
          <tr className="text-left text-xs text-slate-600 uppercase dark:text-slate-300">
            {HEADERS.map((h) => (
              <th
                key={h}
                scope="col"
                className={cn('px-3 py-2 whitespace-nowrap', h === 'Ledger effect' && 'text-right')}
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <Row key={e.id} entry={e} />
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
