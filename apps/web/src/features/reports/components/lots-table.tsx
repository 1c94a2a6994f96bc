import { PRODUCT_LABELS, type CapitalGainsLot } from '@nivesh/shared';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { cn } from '../../../lib/cn';
import { MINUS, formatPrice, formatRupees, formatSignedInr } from '../../../lib/money-format';

const COLUMNS: { label: string; right?: boolean }[] = [
  { label: 'Stock' },
  { label: 'Bought' },
  { label: 'Sold' },
  { label: 'Qty', right: true },
  { label: 'Buy price', right: true },
  { label: 'Sell price', right: true },
  { label: 'Cost', right: true },
  { label: 'Proceeds', right: true },
  { label: 'Gain', right: true },
  { label: 'Days', right: true },
  { label: 'Class' },
];

/** Every realised lot of the year; scrolls sideways on a phone rather than dropping columns. */
export function LotsTable({ lots }: { lots: CapitalGainsLot[] }) {
  return (
    <ScrollRegion label="Realised lots">
      <table className="w-full min-w-[980px] text-sm" data-testid="lots-table">
        <caption className="sr-only">Realised lots, matched first in, first out</caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:border-slate-700 dark:text-slate-300">
            {COLUMNS.map((c) => (
              <th
                key={c.label}
                scope="col"
                className={cn('whitespace-nowrap px-2 py-2.5', c.right ? 'text-right' : 'text-left')}
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
          {lots.map((l) => (
            <tr
              key={`${l.buyFillId}-${l.sellFillId}`}
              data-testid="lot-row"
              className="text-slate-800 dark:text-slate-100"
            >
              <td className="whitespace-nowrap px-2 py-2">
                <span className="font-semibold">{l.symbol}</span>
                <span className="block text-xs text-slate-600 dark:text-slate-300">
                  {PRODUCT_LABELS[l.product].short}
                </span>
              </td>
              <td className="whitespace-nowrap px-2 py-2">{l.buyDate}</td>
              <td className="whitespace-nowrap px-2 py-2">{l.sellDate}</td>
              <td className="whitespace-nowrap px-2 py-2 text-right tabular-nums">{l.quantity}</td>
              <td className="whitespace-nowrap px-2 py-2 text-right tabular-nums">
                {formatPrice(l.buyPrice)}
              </td>
              <td className="whitespace-nowrap px-2 py-2 text-right tabular-nums">
                {formatPrice(l.sellPrice)}
              </td>
              <td className="whitespace-nowrap px-2 py-2 text-right tabular-nums">
                {formatRupees(l.cost)}
                <span className="block text-xs text-slate-600 dark:text-slate-300">
                  +{formatRupees(l.buyCharges)} charges
                </span>
              </td>
              <td className="whitespace-nowrap px-2 py-2 text-right tabular-nums">
                {formatRupees(l.proceeds)}
                <span className="block text-xs text-slate-600 dark:text-slate-300">
                  {MINUS}
                  {formatRupees(l.sellCharges)} charges
                </span>
              </td>
              <td
                className={cn(
                  'whitespace-nowrap px-2 py-2 text-right font-semibold tabular-nums',
                  l.gain > 0 && 'text-emerald-700 dark:text-emerald-400',
                  l.gain < 0 && 'text-red-700 dark:text-red-400',
                )}
              >
                {formatSignedInr(l.gain)}
                {l.gainForTax !== l.gain ? (
                  <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">
                    for tax {formatSignedInr(l.gainForTax)}
                  </span>
                ) : null}
              </td>
              <td className="whitespace-nowrap px-2 py-2 text-right tabular-nums">{l.holdingDays}</td>
              <td className="whitespace-nowrap px-2 py-2">
                {l.taxClass}
                {l.taxRatePercent !== null ? (
                  <span className="block text-xs text-slate-600 dark:text-slate-300">
                    {l.taxRatePercent}%
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
