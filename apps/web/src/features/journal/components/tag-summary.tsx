import type { JournalTagSummary } from '@nivesh/shared';
import { Card, CardTitle } from '../../../components/ui/card';
import { formatPrice } from '../../../lib/money-format';

function signed(value: number) {
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  return `${sign}${formatPrice(Math.abs(value))}`;
}

const tone = (value: number) =>
  value > 0
    ? 'text-emerald-700 dark:text-emerald-400'
    : value < 0
      ? 'text-red-700 dark:text-red-400'
      : 'text-slate-900 dark:text-white';

/** Per tag: entries, and for entries linked to a sell fill, the win rate and realised P&L from the ledger. */
export function TagSummary({
  tags,
  active,
  onPick,
}: {
  tags: JournalTagSummary[];
  active: string | null;
  onPick: (tag: string | null) => void;
}) {
  return (
    <Card>
      <CardTitle>By tag</CardTitle>
      <ul className="divide-y divide-slate-100 dark:divide-slate-700/60" data-testid="tag-summary">
        {tags.map((t) => (
          <li key={t.tag} className="py-2.5 first:pt-0" aria-label={`Tag ${t.tag}`}>
            <div className="flex items-center justify-between gap-2">
              <button
                type="button"
                aria-pressed={active === t.tag}
                onClick={() => onPick(active === t.tag ? null : t.tag)}
                className="truncate rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-800 hover:bg-indigo-100 aria-pressed:bg-indigo-600 aria-pressed:text-white dark:bg-indigo-950 dark:text-indigo-200 dark:hover:bg-indigo-900"
              >
                #{t.tag}
              </button>
              <span className="shrink-0 text-sm tabular-nums text-slate-700 dark:text-slate-200">
                {t.entries} {t.entries === 1 ? 'entry' : 'entries'}
              </span>
            </div>
            <p className="mt-1 flex flex-wrap justify-between gap-x-3 text-xs text-slate-600 dark:text-slate-300">
              {t.closedTrades === 0 ? (
                <span>No linked sell yet</span>
              ) : (
                <>
                  <span>
                    Win rate{' '}
                    <span className="font-semibold tabular-nums text-slate-900 dark:text-white">
                      {t.winRate!.toFixed(1)}%
                    </span>{' '}
                    of {t.closedTrades} closed
                  </span>
                  <span>
                    Realised{' '}
                    <span className={`font-semibold tabular-nums ${tone(t.realizedPnl)}`}>
                      {signed(t.realizedPnl)}
                    </span>
                  </span>
                </>
              )}
            </p>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-slate-600 dark:text-slate-300">
        Win rate and P&amp;L count only entries linked to one of your sell fills; they come from your ledger.
      </p>
    </Card>
  );
}
