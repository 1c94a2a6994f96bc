import { cn } from '../../../lib/cn';
import { MISSING } from '../../../lib/money-format';
import { changeTone, formatPercent } from '../../market/lib/format';

function Figure({
  label,
  swatch,
  value,
  testId,
}: {
  label: string;
  swatch: string;
  value: number | null;
  testId: string;
}) {
  return (
    <div>
      <dt className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-300">
        <span aria-hidden="true" className={cn('h-1 w-4 rounded-full', swatch)} />
        {label}
      </dt>
      <dd
        className={cn('text-lg font-semibold tabular-nums', value === null ? '' : changeTone(value))}
        data-testid={testId}
      >
        {value === null ? MISSING : formatPercent(value)}
      </dd>
    </div>
  );
}

/** Both returns over the range, in %; a dash until there are two days to compare. */
export function ReturnPair({ agent, nifty }: { agent: number | null; nifty: number | null }) {
  return (
    <dl className="mb-3 flex flex-wrap gap-x-8 gap-y-2">
      <Figure label="Agent portfolio" swatch="bg-indigo-600" value={agent} testId="agent-return" />
      <Figure label="NIFTY 50" swatch="bg-amber-500" value={nifty} testId="agent-nifty-return" />
    </dl>
  );
}
