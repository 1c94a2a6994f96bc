import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { MINUS, MISSING } from '../../../lib/money-format';
import { changeTone, formatPercent } from '../../market/lib/format';
import { versusNifty } from '../lib/comparison';
import type { PortfolioComparisonState } from './use-portfolio-comparison';

const pct = (value: number | null) => (value === null ? MISSING : formatPercent(value));

/** Each portfolio's return, NIFTY 50's over the same days, and the difference: what a screen reader gets. */
export function ComparisonTable({ s }: { s: PortfolioComparisonState }) {
  const { range, rows } = s;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[480px] text-sm" data-testid="comparison-table">
        <caption className="sr-only">Each portfolio&apos;s return over {range} against NIFTY 50</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:border-slate-700 dark:text-slate-300">
            <th scope="col" className="py-2 pr-2">
              Portfolio
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              Return
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              NIFTY 50, same days
            </th>
            <th scope="col" className="py-2 pl-2 text-right">
              Versus NIFTY 50
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ portfolio, result, colour }) => {
            const data = result.data;
            const diff = data ? versusNifty(data) : null;
            return (
              <tr
                key={portfolio.id}
                className="border-b border-slate-100 last:border-0 dark:border-slate-700/60"
              >
                <th scope="row" className="py-2 pr-2 text-left font-medium text-slate-900 dark:text-white">
                  <span
                    aria-hidden="true"
                    className="mr-2 inline-block size-2.5 rounded-full"
                    style={{ background: colour }}
                  />
                  {portfolio.name}
                </th>
                {result.isError ? (
                  <td colSpan={3} className="px-2 py-2 text-right text-red-700 dark:text-red-400">
                    {errorMessage(result.error, 'Could not load its performance')}
                  </td>
                ) : (
                  <>
                    <td
                      className={cn(
                        'px-2 py-2 text-right tabular-nums',
                        data?.portfolioReturn != null && changeTone(data.portfolioReturn),
                      )}
                    >
                      {data ? pct(data.portfolioReturn) : '…'}
                    </td>
                    <td className="px-2 py-2 text-right tabular-nums">
                      {data ? pct(data.niftyReturn) : '…'}
                    </td>
                    <td
                      className={cn('py-2 pl-2 text-right tabular-nums', diff !== null && changeTone(diff))}
                    >
                      {diff === null ? MISSING : `${diff >= 0 ? '+' : MINUS}${Math.abs(diff).toFixed(2)} pts`}
                    </td>
                  </>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
