/** One figure of the stock page: a label over its value. */
export function Stat({
  label,
  value,
  testId,
  title,
}: {
  label: string;
  value: string;
  testId?: string;
  title?: string;
}) {
  return (
    <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-900/60" title={title}>
      <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="mt-0.5 font-semibold tabular-nums text-slate-900 dark:text-white" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
