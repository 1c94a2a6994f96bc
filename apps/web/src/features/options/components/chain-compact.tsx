import { Fragment, useState } from 'react';
import type { OptionChainRow, OptionQuote, OptionType } from '@nivesh/shared';
import { cn } from '../../../lib/cn';
import { cellPrice, greek, indexLevel } from '../lib/chain-format';
import type { LegSide } from '../lib/strategy';
import type { ChainViewProps } from './chain-table';
import { LegButtons } from './leg-buttons';

function QuoteDetail({
  title,
  quote,
  onAdd,
}: {
  title: string;
  quote: OptionQuote;
  onAdd: (side: LegSide) => void;
}) {
  const rows: Array<[string, string]> = [
    ['Bid / Ask', `${cellPrice(quote.bid)} / ${cellPrice(quote.ask)}`],
    ['IV', `${quote.iv.toFixed(1)}%`],
    ['Delta', greek(quote.delta, 2)],
    ['Gamma', greek(quote.gamma, 4)],
    ['Theta', greek(quote.theta, 2)],
    ['Vega', greek(quote.vega, 2)],
    ['OI (simulated)', quote.oi.toLocaleString('en-IN')],
  ];
  return (
    <div className="min-w-0 space-y-1">
      <div className="flex items-center justify-between gap-1">
        <span className="font-semibold">{title}</span>
        <LegButtons symbol={quote.tradingsymbol} onAdd={onAdd} />
      </div>
      <dl className="space-y-0.5">
        {rows.map(([k, v]) => (
          <div key={k} className="flex justify-between gap-1">
            <dt className="text-slate-600 dark:text-slate-300">{k}</dt>
            <dd className="tabular-nums">{v}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The phone chain: call LTP, strike, put LTP; tapping a strike opens its quotes and the B/S buttons. */
export function ChainCompact({ chain, onAdd, atmRef }: ChainViewProps) {
  const [open, setOpen] = useState<number | null>(null);
  const add = (row: OptionChainRow, type: OptionType) => (side: LegSide) => onAdd(row, type, side);
  return (
    <table className="w-full table-fixed text-sm text-slate-700 dark:text-slate-200">
      <caption className="sr-only">
        {chain.underlying} option chain, expiry {chain.expiry}: tap a strike for bid, ask, IV and Greeks
      </caption>
      <thead className="sticky top-0 z-10 bg-slate-50 text-xs text-slate-600 dark:bg-slate-900 dark:text-slate-300">
        <tr>
          <th scope="col" className="px-2 py-2 text-right">
            Call LTP
          </th>
          <th scope="col" className="px-2 py-2 text-center">
            Strike
          </th>
          <th scope="col" className="px-2 py-2 text-left">
            Put LTP
          </th>
        </tr>
      </thead>
      <tbody>
        {chain.strikes.map((row) => {
          const atm = row.strike === chain.atmStrike;
          const expanded = open === row.strike;
          return (
            <Fragment key={row.strike}>
              <tr
                ref={atm ? atmRef : undefined}
                data-atm={atm || undefined}
                aria-current={atm ? 'true' : undefined}
                className={cn(
                  'border-t border-slate-100 dark:border-slate-700/60',
                  atm && 'outline-2 -outline-offset-2 outline-indigo-500',
                )}
              >
                <td
                  className={cn(
                    'px-2 py-2 text-right tabular-nums',
                    row.strike < chain.spot && 'bg-amber-50 dark:bg-amber-900/20',
                  )}
                >
                  {cellPrice(row.call.ltp)}
                </td>
                <th scope="row" className="bg-slate-100 p-0 dark:bg-slate-700">
                  <button
                    type="button"
                    aria-expanded={expanded}
                    onClick={() => setOpen(expanded ? null : row.strike)}
                    className="w-full px-2 py-2 font-semibold tabular-nums text-slate-900 dark:text-white"
                  >
                    {indexLevel(row.strike)}
                    {atm ? (
                      <span className="ml-1 rounded bg-indigo-600 px-1 text-[10px] text-white">ATM</span>
                    ) : null}
                  </button>
                </th>
                <td
                  className={cn(
                    'px-2 py-2 text-left tabular-nums',
                    row.strike > chain.spot && 'bg-amber-50 dark:bg-amber-900/20',
                  )}
                >
                  {cellPrice(row.put.ltp)}
                </td>
              </tr>
              {expanded ? (
                <tr>
                  <td colSpan={3} className="px-2 pb-3">
                    <div className="grid grid-cols-2 gap-3 text-xs">
                      <QuoteDetail title="Call" quote={row.call} onAdd={add(row, 'CE')} />
                      <QuoteDetail title="Put" quote={row.put} onAdd={add(row, 'PE')} />
                    </div>
                  </td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}
