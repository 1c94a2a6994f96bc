import type { ClassTrade, Holding } from '@nivesh/shared';
import { formatDateTime } from '@nivesh/shared';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { cn } from '../../../lib/cn';
import { formatRupees, formatSignedInr } from '../../../lib/money-format';
import { changeTone } from '../../market/lib/format';

const th = 'py-2 pr-3 font-medium';
const head =
  'border-b border-slate-200 text-left text-xs text-slate-600 dark:border-slate-700 dark:text-slate-300';
const row = 'border-b border-slate-100 align-top dark:border-slate-700/60';
const muted = 'text-slate-600 dark:text-slate-300';

/** A student's class holdings at live prices. */
export function HoldingsTable({ holdings }: { holdings: Holding[] }) {
  if (holdings.length === 0) return <p className={cn('text-sm', muted)}>No holdings now.</p>;
  return (
    <ScrollRegion label="Holdings, scrolls sideways">
      <table className="w-full min-w-[34rem] text-sm">
        <caption className="sr-only">Holdings</caption>
        <thead>
          <tr className={head}>
            <th scope="col" className={th}>
              Stock
            </th>
            <th scope="col" className={th}>
              Sector
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              Qty
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              Avg price
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              Value
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              P&amp;L
            </th>
          </tr>
        </thead>
        <tbody>
          {holdings.map((h) => (
            <tr key={`${h.symbol}-${h.product}`} className={row}>
              <td className="py-2 pr-3 font-medium text-slate-900 dark:text-white">
                {h.symbol}
                {h.product === 'MIS' ? <span className={cn('ml-1 text-xs', muted)}>MIS</span> : null}
              </td>
              <td className={cn('py-2 pr-3', muted)}>{h.sector}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{h.quantity}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{formatRupees(h.avgPrice)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{formatRupees(h.currentValue)}</td>
              <td className={cn('py-2 text-right tabular-nums', changeTone(h.pnl))}>
                {formatSignedInr(h.pnl)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** A student's trades (fills), newest first, each with the note written for it. */
export function TradesTable({ trades }: { trades: ClassTrade[] }) {
  if (trades.length === 0) return <p className={cn('text-sm', muted)}>No trades yet.</p>;
  return (
    <ScrollRegion label="Trades with notes, scrolls sideways">
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">Trades with notes</caption>
        <thead>
          <tr className={head}>
            <th scope="col" className={th}>
              When (IST)
            </th>
            <th scope="col" className={th}>
              Trade
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              Price
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              Realised
            </th>
            <th scope="col" className="py-2 font-medium">
              Note
            </th>
          </tr>
        </thead>
        <tbody>
          {trades.map((t) => (
            <tr key={t.id} className={row}>
              <td className={cn('py-2 pr-3 whitespace-nowrap', muted)}>{formatDateTime(t.executedAt)}</td>
              <td className="py-2 pr-3 whitespace-nowrap text-slate-900 dark:text-white">
                <span
                  className={
                    t.type === 'BUY'
                      ? 'text-emerald-700 dark:text-emerald-400'
                      : 'text-red-700 dark:text-red-400'
                  }
                >
                  {t.type === 'BUY' ? 'Buy' : 'Sell'}
                </span>{' '}
                {t.quantity} {t.ticker}
              </td>
              <td className="py-2 pr-3 text-right tabular-nums">{formatRupees(t.price)}</td>
              <td
                className={cn(
                  'py-2 pr-3 text-right tabular-nums',
                  t.realizedPnl === null ? muted : changeTone(t.realizedPnl),
                )}
              >
                {t.realizedPnl === null ? '—' : formatSignedInr(t.realizedPnl)}
              </td>
              <td className="min-w-[14rem] py-2 text-slate-700 dark:text-slate-200">
                {t.note ?? <span className={cn('italic', muted)}>No note</span>}
                {t.review ? (
                  <span className={cn('mt-1 block text-xs', muted)}>Review: {t.review}</span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
