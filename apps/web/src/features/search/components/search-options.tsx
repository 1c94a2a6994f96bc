import { CandlestickChart, Clock, Newspaper, ReceiptText } from 'lucide-react';
import { formatDate } from '../../../lib/date-format';
import { SearchOption } from './search-option';
import type { SearchDialogState } from './use-search-dialog';

const ROW = 'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2';

export function NewsOptions({ s }: { s: SearchDialogState }) {
  return s.newsResults.map((a, i) => (
    <SearchOption
      key={a.id}
      s={s}
      index={i}
      onPick={() => s.openNews(a)}
      className="flex cursor-pointer items-start gap-3 rounded-lg px-3 py-2"
    >
      <Newspaper aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500 dark:text-slate-400" />
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-medium text-slate-900 dark:text-white">{a.title}</span>
        <span className="block truncate text-xs text-slate-600 dark:text-slate-300">
          {a.source} · {formatDate(a.publishedAt)}
          {a.symbols.length ? ` · ${a.symbols.slice(0, 3).join(', ')}` : ''}
        </span>
      </span>
    </SearchOption>
  ));
}

export function OrderOptions({ s }: { s: SearchDialogState }) {
  return s.orderResults.map((o, i) => (
    <SearchOption key={o.id} s={s} index={i} onPick={() => s.openOrder(o)} className={ROW}>
      <ReceiptText aria-hidden="true" className="size-4 shrink-0 text-slate-500 dark:text-slate-400" />
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-semibold text-slate-900 dark:text-white">
          {o.type} {o.quantity} {o.symbol}
        </span>
        <span className="block truncate text-xs text-slate-600 dark:text-slate-300">
          {o.stockName} · {o.status} · {formatDate(o.createdAt)}
        </span>
      </span>
    </SearchOption>
  ));
}

export function StockOptions({ s }: { s: SearchDialogState }) {
  return s.results.map((r, i) => (
    <SearchOption
      key={`${r.symbol}-${r.exchange}`}
      s={s}
      index={i}
      onPick={() => s.openStock(r)}
      className={ROW}
    >
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-slate-900 dark:text-white">{r.symbol}</span>
        <span className="block truncate text-xs text-slate-600 dark:text-slate-300">{r.name}</span>
      </span>
      <span className="text-xs text-slate-600 dark:text-slate-300">{r.exchange}</span>
      {/* Not a button: an option may not hold another control. Keyboard users press Shift+Enter. */}
      <span
        aria-hidden="true"
        title="Open chart (Shift+Enter)"
        data-testid={`search-chart-${r.symbol}`}
        onClick={(e) => {
          e.stopPropagation();
          s.openChart(r.symbol);
        }}
        className="rounded-md p-1 text-slate-600 hover:bg-white hover:text-indigo-700 dark:text-slate-300 dark:hover:bg-slate-600 dark:hover:text-indigo-200"
      >
        <CandlestickChart className="size-4" />
      </span>
    </SearchOption>
  ));
}

export function RecentOptions({ s }: { s: SearchDialogState }) {
  return s.recent.map((item, i) => (
    <SearchOption
      key={item.query}
      s={s}
      index={i}
      onPick={() => s.setQuery(item.query)}
      className={`${ROW} text-sm text-slate-800 dark:text-slate-100`}
    >
      <Clock aria-hidden="true" className="size-4 text-slate-600 dark:text-slate-300" />
      <span className="flex-1 truncate">{item.query}</span>
      <span className="text-xs text-slate-600 dark:text-slate-300">
        {item.hasResults ? `${item.resultsCount} result${item.resultsCount === 1 ? '' : 's'}` : 'no results'}
      </span>
    </SearchOption>
  ));
}
