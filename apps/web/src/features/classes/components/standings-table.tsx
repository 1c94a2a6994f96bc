import type { ClassLeaderboard } from '@nivesh/shared';
import { formatDateTime } from '@nivesh/shared';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { changeTone } from '../../market/lib/format';

const pct = (v: number) => `${v > 0 ? '+' : ''}${v.toFixed(2)}%`;

/** The class standings as the server's job last computed them; `studentHref` links each name (teacher). */
export function StandingsTable({
  board,
  studentHref,
}: {
  board: ClassLeaderboard;
  studentHref?: (userId: string) => string;
}) {
  return (
    <div className="space-y-2">
      <p className="text-xs text-slate-600 dark:text-slate-300">
        {board.refreshedAt
          ? `Computed ${formatDateTime(board.refreshedAt)} IST; recomputed every minute.`
          : 'Not computed yet: the server computes standings every minute.'}{' '}
        Score = time-weighted return ÷ max drawdown (drawdown counted as at least 1%).
      </p>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[36rem] text-sm">
          <caption className="sr-only">Class standings</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs text-slate-600 dark:border-slate-700 dark:text-slate-300">
              <th scope="col" className="py-2 pr-2">
                #
              </th>
              <th scope="col" className="py-2 pr-2">
                Student
              </th>
              <th scope="col" className="py-2 pr-2 text-right">
                Return
              </th>
              <th scope="col" className="py-2 pr-2 text-right">
                Max drawdown
              </th>
              <th scope="col" className="py-2 pr-2 text-right">
                Score
              </th>
              <th scope="col" className="py-2 pr-2 text-right">
                Trades
              </th>
              <th scope="col" className="py-2 pr-2 text-right">
                Notes
              </th>
              <th scope="col" className="py-2 text-right">
                Assignments
              </th>
            </tr>
          </thead>
          <tbody>
            {board.rows.length === 0 ? (
              <tr>
                <td colSpan={8} className="py-4 text-center text-slate-600 dark:text-slate-300">
                  No students yet.
                </td>
              </tr>
            ) : (
              board.rows.map((r) => (
                <tr
                  key={r.userId}
                  className={cn(
                    'border-b border-slate-100 dark:border-slate-700/60',
                    r.you && 'bg-indigo-50 dark:bg-indigo-950/40',
                  )}
                >
                  <td className="py-2 pr-2 tabular-nums">{r.rank}</td>
                  <td className="py-2 pr-2 font-medium text-slate-900 dark:text-white">
                    {studentHref ? (
                      <Link
                        to={studentHref(r.userId)}
                        className="text-indigo-700 hover:underline dark:text-indigo-300"
                      >
                        {r.fullName}
                      </Link>
                    ) : (
                      r.fullName
                    )}
                    {r.you ? (
                      <span className="ml-1 text-xs text-indigo-700 dark:text-indigo-300">(you)</span>
                    ) : null}
                  </td>
                  <td className={cn('py-2 pr-2 text-right tabular-nums', changeTone(r.twrPercent))}>
                    {pct(r.twrPercent)}
                  </td>
                  <td className="py-2 pr-2 text-right tabular-nums">{r.maxDrawdownPercent.toFixed(2)}%</td>
                  <td className="py-2 pr-2 text-right tabular-nums">{r.riskAdjustedScore.toFixed(2)}</td>
                  <td className="py-2 pr-2 text-right tabular-nums">{r.trades}</td>
                  <td className="py-2 pr-2 text-right tabular-nums">{r.notes}</td>
                  <td className="py-2 text-right tabular-nums">{r.assignmentsDone}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
