import type { Ref } from 'react';
import type { OptionChain, OptionChainRow, OptionQuote, OptionType } from '@nivesh/shared';
import { cn } from '../../../lib/cn';
import { cellPrice, greek, indexLevel } from '../lib/chain-format';
import type { LegSide } from '../lib/strategy';
import { LegButtons } from './leg-buttons';
import { OiBar } from './oi-bar';

export interface ChainViewProps {
  chain: OptionChain;
  showGreeks: boolean;
  onAdd: (row: OptionChainRow, type: OptionType, side: LegSide) => void;
  atmRef: Ref<HTMLTableRowElement>;
}

const ITM = 'bg-amber-50 dark:bg-amber-900/20';
const TH = 'px-2 py-2 text-right font-medium whitespace-nowrap';
const TD = 'px-2 py-1.5 text-right tabular-nums whitespace-nowrap';

function quoteCells(q: OptionQuote, showGreeks: boolean, mirrored: boolean, itm: boolean) {
  const td = cn(TD, itm && ITM);
  const cells = [
    <td key="ltp" className={cn(td, 'font-semibold text-slate-900 dark:text-white')}>
      {cellPrice(q.ltp)}
    </td>,
    <td key="bid" className={td}>
      {cellPrice(q.bid)}
    </td>,
    <td key="ask" className={td}>
      {cellPrice(q.ask)}
    </td>,
    <td key="iv" className={td}>
      {q.iv.toFixed(1)}
    </td>,
    ...(showGreeks
      ? [
          <td key="d" className={td}>
            {greek(q.delta, 2)}
          </td>,
          <td key="g" className={td}>
            {greek(q.gamma, 4)}
          </td>,
          <td key="t" className={td}>
            {greek(q.theta, 2)}
          </td>,
          <td key="v" className={td}>
            {greek(q.vega, 2)}
          </td>,
        ]
      : []),
  ];
  return mirrored ? cells.reverse() : cells;
}

function headCells(showGreeks: boolean, mirrored: boolean) {
  const names = ['LTP', 'Bid', 'Ask', 'IV %', ...(showGreeks ? ['Delta', 'Gamma', 'Theta', 'Vega'] : [])];
  const ordered = mirrored ? [...names].reverse() : names;
  return ordered.map((n) => (
    <th key={n} scope="col" className={TH}>
      {n}
    </th>
  ));
}

/** The full chain: calls on the left (mirrored so LTP meets the strike), puts on the right. */
export function ChainTable({ chain, showGreeks, onAdd, atmRef }: ChainViewProps) {
  const maxOi = Math.max(0, ...chain.strikes.flatMap((r) => [r.call.oi, r.put.oi]));
  return (
    <table className="w-full text-xs text-slate-700 dark:text-slate-200">
      <caption className="sr-only">
        {chain.underlying} option chain, expiry {chain.expiry}: calls left, strike centre, puts right
      </caption>
      <thead className="sticky top-0 z-10 bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
        <tr>
          <th scope="col" className={TH}>
            OI (sim.)
          </th>
          <th scope="col" className={TH}>
            <span className="sr-only">Add call</span>
          </th>
          {headCells(showGreeks, true)}
          <th scope="col" className="px-3 py-2 text-center font-semibold">
            Strike
          </th>
          {headCells(showGreeks, false)}
          <th scope="col" className={cn(TH, 'text-left')}>
            <span className="sr-only">Add put</span>
          </th>
          <th scope="col" className={cn(TH, 'text-left')}>
            OI (sim.)
          </th>
        </tr>
      </thead>
      <tbody>
        {chain.strikes.map((row) => {
          const atm = row.strike === chain.atmStrike;
          const callItm = row.strike < chain.spot;
          const putItm = row.strike > chain.spot;
          return (
            <tr
              key={row.strike}
              ref={atm ? atmRef : undefined}
              data-atm={atm || undefined}
              aria-current={atm ? 'true' : undefined}
              className={cn(
                'border-t border-slate-100 dark:border-slate-700/60',
                atm && 'outline-2 -outline-offset-2 outline-indigo-500',
              )}
            >
              <td className={cn(TD, callItm && ITM)}>
                <OiBar oi={row.call.oi} max={maxOi} side="call" />
              </td>
              <td className={cn(TD, callItm && ITM)}>
                <LegButtons symbol={row.call.tradingsymbol} onAdd={(s) => onAdd(row, 'CE', s)} />
              </td>
              {quoteCells(row.call, showGreeks, true, callItm)}
              <th
                scope="row"
                className="bg-slate-100 px-3 py-1.5 text-center font-semibold tabular-nums text-slate-900 dark:bg-slate-700 dark:text-white"
              >
                {indexLevel(row.strike)}
                {atm ? (
                  <span className="ml-1 rounded bg-indigo-600 px-1 text-[10px] text-white">ATM</span>
                ) : null}
              </th>
              {quoteCells(row.put, showGreeks, false, putItm)}
              <td className={cn(TD, 'text-left', putItm && ITM)}>
                <LegButtons symbol={row.put.tradingsymbol} onAdd={(s) => onAdd(row, 'PE', s)} />
              </td>
              <td className={cn(TD, 'text-left', putItm && ITM)}>
                <OiBar oi={row.put.oi} max={maxOi} side="put" />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
