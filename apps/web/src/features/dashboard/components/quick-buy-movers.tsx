import type { Quote } from '@nivesh/shared';
import { cn } from '../../../lib/cn';

/** Today's top gainers as one-tap picks. */
export function QuickBuyMovers({
  movers,
  symbol,
  onPick,
}: {
  movers: Pick<Quote, 'symbol'>[] | undefined;
  symbol: string | null;
  onPick: (symbol: string) => void;
}) {
  if (!movers || movers.length === 0) return null;
  return (
    <div>
      <p className="mb-1.5 text-xs font-medium text-slate-600 dark:text-slate-300">Top gainers today</p>
      <div className="flex flex-wrap gap-1.5" role="group" aria-label="Pick a top gainer">
        {movers.map((m) => (
          <button
            key={m.symbol}
            type="button"
            aria-pressed={symbol === m.symbol}
            onClick={() => onPick(m.symbol)}
            className={cn(
              'rounded-full border px-2.5 py-1 text-xs font-medium',
              symbol === m.symbol
                ? 'border-indigo-600 bg-indigo-600 text-white'
                : 'border-slate-300 text-slate-700 hover:border-indigo-400 dark:border-slate-600 dark:text-slate-200',
            )}
          >
            {m.symbol}
          </button>
        ))}
      </div>
    </div>
  );
}
