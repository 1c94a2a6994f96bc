import { PRODUCT_LABELS, type ReplayPosition } from '@nivesh/shared';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { cn } from '../../../lib/cn';
import { formatPrice, formatSignedInr } from '../../../lib/money-format';

const COLUMNS = ['Stock', 'Product', 'Qty', 'Avg price', 'Last price', 'P&L'] as const;
const cell = 'whitespace-nowrap px-2.5 py-2 text-right tabular-nums text-slate-900 dark:text-slate-100';

export const pnlClass = (value: number) =>
  value > 0
    ? 'text-emerald-700 dark:text-emerald-400'
    : value < 0
      ? 'text-red-700 dark:text-red-400'
      : 'text-slate-900 dark:text-slate-100';

/** What the replay's portfolio holds, at the replay's prices; it scrolls sideways inside itself on a phone. */
export function ReplayPositionsTable({ positions }: { positions: readonly ReplayPosition[] }) {
  if (positions.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-300">No open positions.</p>;
  return (
    <ScrollRegion label="Positions">
      <table className="w-full min-w-[560px] text-sm" data-testid="replay-positions">
        <thead>
          <tr className="border-b border-slate-200 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:border-slate-700 dark:text-slate-300">
            {COLUMNS.map((c, i) => (
              <th
                key={c}
                scope="col"
                className={cn('whitespace-nowrap px-2.5 py-2', i < 2 ? 'text-left' : 'text-right')}
              >
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
          {positions.map((p) => {
            // The server's Unrealised P&L (value − cost), so the rows add up to the figure above.
            const pnl = p.unrealisedPnl;
            return (
              <tr key={`${p.symbol}-${p.product}`} data-testid={`replay-position-${p.symbol}`}>
                <th scope="row" className="px-2.5 py-2 text-left font-normal">
                  <span className="block font-semibold text-slate-900 dark:text-white">{p.name}</span>
                  <span className="block text-xs text-slate-600 dark:text-slate-300">{p.symbol}</span>
                </th>
                <td className="whitespace-nowrap px-2.5 py-2 text-slate-800 dark:text-slate-200">
                  {PRODUCT_LABELS[p.product].short}
                </td>
                <td className={cell}>{p.quantity}</td>
                <td className={cell}>{formatPrice(p.averagePrice)}</td>
                <td className={cell}>{formatPrice(p.price)}</td>
                <td className={cn(cell, 'font-medium', pnlClass(pnl))}>{formatSignedInr(pnl)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
