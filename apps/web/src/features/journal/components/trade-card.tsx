import { Link2, Pencil, Trash2 } from 'lucide-react';
import type { JournalEntry } from '@nivesh/shared';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { formatPrice } from '../../../lib/money-format';
import { formatDateTime } from '../../../lib/date-format';

const SIDE_TONE = {
  BUY: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
  SELL: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200',
} as const;

function signed(value: number, currency: JournalEntry['currency']) {
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  return `${sign}${formatPrice(Math.abs(value), currency)}`;
}

/** One journal entry: ticker, side, quantity, price and total, then what the user added. */
export function TradeCard({
  entry,
  onEdit,
  onDelete,
}: {
  entry: JournalEntry;
  /** Left out for a closed season's entries, which are read-only. */
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const money = (v: number) => formatPrice(v, entry.currency);
  const pnl = entry.fill?.realizedPnl ?? null;
  return (
    <li>
      <Card
        className="flex h-full flex-col gap-3 p-4"
        data-testid="trade-card"
        aria-label={`${entry.type} ${entry.quantity} ${entry.ticker}`}
      >
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="flex items-center gap-2">
              <span className="truncate text-lg font-bold text-slate-900 dark:text-white">
                {entry.ticker}
              </span>
              <Badge tone={SIDE_TONE[entry.type]} testId="trade-type">
                {entry.type}
              </Badge>
            </p>
            <p className="text-xs text-slate-600 dark:text-slate-300">
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              {entry.setup ? ` · ${entry.setup}` : ''}
            </p>
          </div>
          {onEdit && onDelete ? (
            <div className="flex shrink-0 gap-1">
              <button
                type="button"
                onClick={onEdit}
                aria-label={`Edit trade ${entry.ticker}`}
                title="Edit trade"
                className="rounded-md p-1.5 text-slate-600 hover:bg-indigo-50 hover:text-indigo-700 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-indigo-300"
              >
                <Pencil aria-hidden="true" className="size-4" />
              </button>
              <button
                type="button"
                onClick={onDelete}
                aria-label={`Delete trade ${entry.ticker}`}
                title="Delete trade"
                className="rounded-md p-1.5 text-slate-600 hover:bg-red-50 hover:text-red-700 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-red-400"
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            </div>
          ) : null}
        </div>

        <dl className="grid grid-cols-3 gap-2 text-sm">
          <div>
            <dt className="text-xs text-slate-600 dark:text-slate-300">Quantity</dt>
            <dd
              className="font-semibold tabular-nums text-slate-900 dark:text-white"
              data-testid="trade-quantity"
            >
              {entry.quantity}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600 dark:text-slate-300">Price</dt>
            <dd
              className="font-semibold tabular-nums text-slate-900 dark:text-white"
              data-testid="trade-price"
            >
              {money(entry.price)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600 dark:text-slate-300">Total</dt>
            <dd
              className="font-semibold tabular-nums text-slate-900 dark:text-white"
              data-testid="trade-total"
            >
              {money(entry.total)}
            </dd>
          </div>
        </dl>

        {entry.fill ? (
          <p
            className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-700 dark:bg-slate-900/60 dark:text-slate-200"
            data-testid="trade-fill"
          >
            <Link2 aria-hidden="true" className="size-3.5" />
            <span>Linked fill · fees {money(entry.fill.fees)}</span>
            {pnl !== null ? (
              <span
                className={
                  pnl > 0
                    ? 'font-semibold text-emerald-700 dark:text-emerald-400'
                    : pnl < 0
                      ? 'font-semibold text-red-700 dark:text-red-400'
                      : 'font-semibold'
                }
              >
                Realised {signed(pnl, entry.currency)}
              </span>
            ) : (
              <span>Open position (no realised P&amp;L on a buy)</span>
            )}
          </p>
        ) : null}

        {entry.stop !== null || entry.target !== null || entry.confidence !== null ? (
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-700 dark:text-slate-200">
            {entry.stop !== null ? <span>Stop {money(entry.stop)}</span> : null}
            {entry.target !== null ? <span>Target {money(entry.target)}</span> : null}
            {entry.confidence !== null ? <span>Confidence {entry.confidence}/5</span> : null}
          </p>
        ) : null}

        {entry.note ? (
          <p className="line-clamp-3 text-sm whitespace-pre-line text-slate-700 dark:text-slate-200">
            {entry.note}
          </p>
        ) : null}
        {entry.review ? (
          <p className="line-clamp-3 border-l-2 border-indigo-300 pl-2 text-sm whitespace-pre-line text-slate-700 dark:border-indigo-500 dark:text-slate-200">
            <span className="font-medium">Review: </span>
            {entry.review}
          </p>
        ) : null}

        {entry.tags.length > 0 ? (
          <ul className="mt-auto flex flex-wrap gap-1" aria-label="Tags">
            {entry.tags.map((tag) => (
              <li
                key={tag}
                className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200"
              >
                #{tag}
              </li>
            ))}
          </ul>
        ) : null}
      </Card>
    </li>
  );
}
