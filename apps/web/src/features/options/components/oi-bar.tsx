/** Open interest as a bar against the chain's largest: a model figure, labelled simulated in the header. */
export function OiBar({ oi, max, side }: { oi: number; max: number; side: 'call' | 'put' }) {
  const width = max > 0 ? Math.round((oi / max) * 100) : 0;
  return (
    <div className="flex min-w-16 flex-col gap-0.5" title={`Simulated OI ${oi.toLocaleString('en-IN')}`}>
      <span className="text-[11px] tabular-nums text-slate-600 dark:text-slate-300">
        {oi.toLocaleString('en-IN')}
      </span>
      <span className={side === 'call' ? 'flex justify-end' : 'flex'} aria-hidden="true">
        <span
          className={side === 'call' ? 'h-1 rounded bg-emerald-500/70' : 'h-1 rounded bg-rose-500/70'}
          style={{ width: `${width}%` }}
        />
      </span>
    </div>
  );
}
