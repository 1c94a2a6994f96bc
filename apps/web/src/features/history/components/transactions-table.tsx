import { Link } from 'react-router';
import { ArrowDown, ArrowUp, ArrowUpDown, Eye, NotebookPen } from 'lucide-react';
import { isCashEntry, PRODUCT_LABELS, type Transaction } from '@nivesh/shared';
import { cn } from '../../../lib/cn';
import { inputClass } from '../../../components/ui/input';
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { formatRupees, formatSignedInr, formatPrice } from '../../../lib/money-format';
import { changeTone, formatPercent } from '../../market/lib/format';
import { formatClock, formatDate, formatDateTime } from '../../../lib/date-format';
import type { SortKey, SortState } from '../lib/history-view';
import { StatusBadge, stockLabel, TypeBadge } from './transaction-badges';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { OrderReceipt } from '../../account/components/order-receipt';

const COLUMNS: Array<{ label: string; sort?: SortKey; align?: 'right' | 'center' }> = [
  { label: 'Date & Time', sort: 'date' },
  { label: 'Stock', sort: 'symbol' },
  { label: 'Type' },
  { label: 'Quantity', sort: 'quantity', align: 'right' },
  { label: 'Price', align: 'right' },
  { label: 'Total Amount', sort: 'amount', align: 'right' },
  { label: 'Gain/Loss', align: 'right' },
  { label: 'Status', sort: 'status' },
  { label: 'Actions', align: 'center' },
];

interface TransactionsViewProps {
  rows: Transaction[];
  sort: SortState;
  onSort: (column: SortKey) => void;
  onOpen: (tx: Transaction) => void;
  /** A closed season: rows can be read but nothing links on to change them. */
  readOnly?: boolean;
}

export function TransactionsTable({ rows, sort, onSort, onOpen, readOnly = false }: TransactionsViewProps) {
  const isPhone = useMediaQuery(MOBILE_QUERY);
  if (isPhone) return <TransactionsList rows={rows} sort={sort} onSort={onSort} onOpen={onOpen} />;
  return (
    <ScrollRegion label="Transactions">
      <table className="w-full min-w-[880px] text-sm" data-testid="transactions-table">
        <caption className="sr-only">Transactions</caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:border-slate-700 dark:text-slate-300">
            {COLUMNS.map((c) => {
              const active = c.sort !== undefined && sort.sort === c.sort;
              const Icon = !active ? ArrowUpDown : sort.order === 'desc' ? ArrowDown : ArrowUp;
              return (
                <th
                  key={c.label}
                  scope="col"
                  aria-sort={active ? (sort.order === 'desc' ? 'descending' : 'ascending') : undefined}
                  className={cn(
                    'whitespace-nowrap px-2.5 py-2.5',
                    c.align === 'right' ? 'text-right' : c.align === 'center' ? 'text-center' : 'text-left',
                  )}
                >
                  {c.sort ? (
                    <button
                      type="button"
                      onClick={() => onSort(c.sort!)}
                      className={cn(
                        'inline-flex items-center gap-1 uppercase hover:text-slate-900 dark:hover:text-white',
                        active && 'text-indigo-700 dark:text-indigo-300',
                      )}
                    >
                      {c.label}
                      <Icon aria-hidden="true" className="size-3.5" />
                    </button>
                  ) : (
                    c.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
          {rows.map((tx) => (
            <tr
              key={tx.id}
              data-testid={`transaction-${tx.id}`}
              onClick={() => onOpen(tx)}
              className="cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-700/40"
            >
              <td className="whitespace-nowrap px-2.5 py-3">
                <span className="block font-medium text-slate-900 dark:text-slate-100">
                  {formatDate(tx.timestamp)}
                </span>
                <span className="block text-xs text-slate-600 dark:text-slate-300">
                  {formatClock(tx.timestamp)}
                </span>
              </td>
              <td className="px-2.5 py-3">
                <span className="block font-semibold text-slate-900 dark:text-white">
                  {stockLabel(tx.symbol)}
                </span>
                <span className="block max-w-40 truncate text-xs text-slate-600 dark:text-slate-300">
                  {tx.name}
                </span>
                <OrderReceipt receipt={tx.receipt} className="max-w-64" />
              </td>
              <td className="px-2.5 py-3">
                <TypeBadge type={tx.type} />
              </td>
              <td className="px-2.5 py-3 text-right tabular-nums text-slate-900 dark:text-slate-100">
                {isCashEntry(tx.type) ? '—' : tx.quantity}
              </td>
              <td className="px-2.5 py-3 text-right tabular-nums text-slate-900 dark:text-slate-100">
                {isCashEntry(tx.type) ? '—' : tx.price > 0 ? formatPrice(tx.price) : 'Market'}
              </td>
              <td
                className="px-2.5 py-3 text-right tabular-nums text-slate-900 dark:text-slate-100"
                data-testid="tx-amount"
              >
                <span className="block font-medium">{formatRupees(tx.totalAmount)}</span>
                {tx.fees > 0 ? (
                  <span className="block text-xs text-slate-600 dark:text-slate-300">
                    fees {formatRupees(tx.fees)}
                  </span>
                ) : null}
              </td>
              <td className="px-2.5 py-3 text-right tabular-nums" data-testid="tx-gain-loss">
                {tx.gainLoss === null ? (
                  <span className="text-slate-500 dark:text-slate-400">—</span>
                ) : (
                  <span className={changeTone(tx.gainLoss)}>
                    <span className="block font-medium">{formatSignedInr(tx.gainLoss, formatRupees)}</span>
                    {tx.gainLossPercent !== null ? (
                      <span className="block text-xs">{formatPercent(tx.gainLossPercent)}</span>
                    ) : null}
                  </span>
                )}
              </td>
              <td className="px-2.5 py-3">
                <StatusBadge status={tx.status} />
              </td>
              <td className="whitespace-nowrap px-2.5 py-3 text-center">
                <button
                  type="button"
                  aria-label={`View details of ${stockLabel(tx.symbol)} ${tx.type} on ${formatDate(tx.timestamp)}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    onOpen(tx);
                  }}
                  className="inline-flex rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-indigo-700 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-indigo-300"
                >
                  <Eye aria-hidden="true" className="size-4" />
                </button>
                {!readOnly && tx.status === 'completed' && !isCashEntry(tx.type) ? (
                  <Link
                    to={`/trades?fill=${encodeURIComponent(tx.id)}`}
                    onClick={(e) => e.stopPropagation()}
                    aria-label={`Add to journal: ${stockLabel(tx.symbol)} ${tx.type} on ${formatDate(tx.timestamp)}`}
                    title="Add to journal"
                    className="inline-flex rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-indigo-700 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-indigo-300"
                  >
                    <NotebookPen aria-hidden="true" className="size-4" />
                  </Link>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** Phones: one card per transaction, with the sort as a select and a direction button. */
function TransactionsList({ rows, sort, onSort, onOpen }: TransactionsViewProps) {
  const sortable = COLUMNS.filter((c) => c.sort);
  return (
    <div>
      <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
        <label htmlFor="history-sort" className="text-xs font-medium text-slate-700 dark:text-slate-200">
          Sort by
        </label>
        <select
          id="history-sort"
          value={sort.sort}
          onChange={(e) => onSort(e.target.value as SortKey)}
          className={cn(inputClass, 'w-auto! py-1.5')}
        >
          {sortable.map((c) => (
            <option key={c.sort} value={c.sort}>
              {c.label}
            </option>
          ))}
        </select>
        <button
          type="button"
          onClick={() => onSort(sort.sort)}
          aria-label={
            sort.order === 'desc'
              ? 'Sorted descending; switch to ascending'
              : 'Sorted ascending; switch to descending'
          }
          className="rounded-md border border-slate-300 p-1.5 text-slate-700 dark:border-slate-600 dark:text-slate-200"
        >
          {sort.order === 'desc' ? (
            <ArrowDown aria-hidden="true" className="size-4" />
          ) : (
            <ArrowUp aria-hidden="true" className="size-4" />
          )}
        </button>
      </div>
      <ul className="divide-y divide-slate-100 dark:divide-slate-700" data-testid="transactions-list">
        {rows.map((tx) => (
          <li key={tx.id} data-testid={`transaction-${tx.id}`}>
            <button
              type="button"
              onClick={() => onOpen(tx)}
              className="block w-full px-4 py-3 text-left hover:bg-slate-50 dark:hover:bg-slate-700/40"
            >
              <span className="flex items-start justify-between gap-3">
                <span className="min-w-0">
                  <span className="flex items-center gap-2">
                    <span className="font-semibold text-slate-900 dark:text-white">
                      {stockLabel(tx.symbol)}
                    </span>
                    <TypeBadge type={tx.type} />
                  </span>
                  <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-300">
                    {formatDateTime(tx.timestamp)}
                    {isCashEntry(tx.type)
                      ? ''
                      : ` · ${tx.quantity} @ ${tx.price > 0 ? formatPrice(tx.price) : 'Market'}`}
                    {tx.product ? ` · ${PRODUCT_LABELS[tx.product].short}` : ''}
                  </span>
                </span>
                <span className="shrink-0 text-right">
                  <span
                    className="block font-semibold tabular-nums text-slate-900 dark:text-white"
                    data-testid="tx-amount"
                  >
                    {formatRupees(tx.totalAmount)}
                  </span>
                  {tx.gainLoss !== null ? (
                    <span
                      className={cn('block text-xs font-medium tabular-nums', changeTone(tx.gainLoss))}
                      data-testid="tx-gain-loss"
                    >
                      {formatSignedInr(tx.gainLoss, formatRupees)}
                    </span>
                  ) : null}
                </span>
              </span>
              <OrderReceipt receipt={tx.receipt} />
              <span className="mt-1.5 flex items-center justify-between gap-2">
                <StatusBadge status={tx.status} />
                {tx.fees > 0 ? (
                  <span className="text-xs text-slate-600 dark:text-slate-300">
                    fees {formatRupees(tx.fees)}
                  </span>
                ) : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
