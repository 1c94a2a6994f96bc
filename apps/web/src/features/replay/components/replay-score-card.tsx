import type { Replay, ReplayScore } from '@nivesh/shared';
import { Card, CardTitle } from '../../../components/ui/card';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { cn } from '../../../lib/cn';
import { formatDay } from '../../../lib/date-format';
import { formatPrice, formatRupees, MISSING } from '../../../lib/money-format';
import { scoreLines } from '../lib/replay-score';
import { replayClockLabel } from '../lib/replay-time';

function ScoreTrades({ replay, trades }: { replay: Replay; trades: ReplayScore['trades'] }) {
  if (trades.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-300">No trades were made.</p>;
  return (
    <ScrollRegion label="Trades">
      <ol
        className="min-w-[480px] divide-y divide-slate-100 text-sm dark:divide-slate-700"
        aria-label="Trades"
      >
        {trades.map((t, i) => (
          <li
            key={`${t.time}-${t.symbol}-${i}`}
            className="flex items-center justify-between gap-3 py-1.5 text-slate-800 dark:text-slate-200"
          >
            <span className="whitespace-nowrap tabular-nums text-slate-600 dark:text-slate-300">
              {replayClockLabel({ clock: t.time, calendar: replay.calendar })}
            </span>
            <span className="min-w-0 flex-1">
              <span
                className={cn(
                  'font-semibold',
                  t.side === 'BUY'
                    ? 'text-emerald-700 dark:text-emerald-400'
                    : 'text-red-700 dark:text-red-400',
                )}
              >
                {t.side === 'BUY' ? 'Bought' : 'Sold'}
              </span>{' '}
              {t.quantity} {t.name} ({t.symbol}){t.closing ? ' · closed at the finish' : ''}
            </span>
            <span className="whitespace-nowrap tabular-nums">{formatPrice(t.price)}</span>
          </li>
        ))}
      </ol>
    </ScrollRegion>
  );
}

/** What a finished replay scored, beside what holding the same stocks and the index would have done. */
export function ReplayScoreCard({ replay, score }: { replay: Replay; score: ReplayScore }) {
  return (
    <Card className="min-w-0 space-y-4" aria-label="Replay score">
      <CardTitle>Your score</CardTitle>
      {replay.dates ? (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          This replay covered {replay.dates.map(formatDay).join(', ')}.
        </p>
      ) : null}
      <p className="text-sm text-slate-700 dark:text-slate-200" data-testid="score-value-change">
        Starting cash {formatRupees(score.startingCash)} → final value {formatRupees(score.finalValue)}
      </p>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {scoreLines(score, formatRupees).map((line) => (
          <div
            key={line.key}
            className="min-w-0 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
            data-testid={`score-${line.key}`}
          >
            <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{line.label}</dt>
            <dd className="mt-1 text-xl font-bold tabular-nums text-slate-900 dark:text-white">
              {line.value === null ? MISSING : line.format(line.value)}
            </dd>
            <dd className="mt-1 text-xs text-slate-600 dark:text-slate-300">
              {line.value === null ? line.missingReason : line.explanation}
            </dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="score-trades-title" className="space-y-2">
        <h3 id="score-trades-title" className="font-semibold text-slate-900 dark:text-white">
          Trades
        </h3>
        <ScoreTrades replay={replay} trades={score.trades} />
      </section>
    </Card>
  );
}
