import type { SaytrixStockData } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { changeTone, formatInteger, formatPercent, formatSigned } from '../../market/lib/format';
import { formatPrice } from '../../../lib/money-format';
import { cn } from '../../../lib/cn';
import { SimulatedBadge } from '../../../components/ui/simulated-badge';

const na = (v: number | undefined, f: (n: number) => string) =>
  v === undefined || !Number.isFinite(v) ? 'N/A' : f(v);

/** The chat's stock card: the quote the reply was built on, with Buy and Sell opening the order dialog. */
export function StockCard({
  stock,
  onTrade,
}: {
  stock: SaytrixStockData;
  onTrade?: (side: 'BUY' | 'SELL') => void;
}) {
  return (
    <section
      aria-label={`${stock.symbol} quote`}
      data-testid="saytrix-stock-card"
      className="mt-2 rounded-xl border border-slate-200 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-800/60"
    >
      <div className="flex items-baseline justify-between gap-2">
        <div>
          <p className="font-semibold text-slate-900 dark:text-white">{stock.symbol}</p>
          <p className="text-xs text-slate-600 dark:text-slate-400">{stock.name}</p>
        </div>
        <span className={cn('text-sm font-medium', changeTone(stock.changesPercentage))}>
          {na(stock.changesPercentage, formatPercent)}
        </span>
      </div>
      <p className="mt-1 flex items-center gap-2 text-xl font-bold text-slate-900 dark:text-white">
        {na(stock.price, (v) => formatPrice(v))}
        <SimulatedBadge />
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-xs text-slate-600 sm:grid-cols-4 dark:text-slate-400">
        <div>
          <dt>Change</dt>
          <dd className={cn('font-medium', changeTone(stock.change))}>
            {na(stock.change, (v) => formatSigned(v))}
          </dd>
        </div>
        <div>
          <dt>Volume</dt>
          <dd className="font-medium text-slate-800 dark:text-slate-200">
            {na(stock.volume, formatInteger)}
          </dd>
        </div>
        <div>
          <dt>Day high</dt>
          <dd className="font-medium text-slate-800 dark:text-slate-200">
            {na(stock.dayHigh, (v) => formatPrice(v))}
          </dd>
        </div>
        <div>
          <dt>Day low</dt>
          <dd className="font-medium text-slate-800 dark:text-slate-200">
            {na(stock.dayLow, (v) => formatPrice(v))}
          </dd>
        </div>
      </dl>
      {onTrade ? (
        <div className="mt-3 flex gap-2">
          <Button size="sm" variant="buy" onClick={() => onTrade('BUY')}>
            Buy
          </Button>
          <Button size="sm" variant="sell" onClick={() => onTrade('SELL')}>
            Sell
          </Button>
        </div>
      ) : null}
    </section>
  );
}
