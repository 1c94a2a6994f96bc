import { Calculator } from 'lucide-react';
import type { Quote } from '@nivesh/shared';
import { cn } from '../../../lib/cn';
import { changeTone, formatPercent } from '../../market/lib/format';
import { formatPrice } from '../../../lib/money-format';
import { signed } from '../lib/signed-price';
import { PriceInput } from './order-controls';
import type { EnhancedOrder } from './use-enhanced-order';

/** What the order would make or lose at a price the user names (the live price when left empty). */
export function EnhancedOrderCalculator({ id, o, quote }: { id: string; o: EnhancedOrder; quote: Quote }) {
  const { calculatorPnL, calcBase } = o;
  return (
    <section aria-labelledby={`${id}-calc`} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-900/60">
      <h3
        id={`${id}-calc`}
        className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-900 dark:text-white"
      >
        <Calculator aria-hidden="true" className="size-4" /> P&L calculator
      </h3>
      <PriceInput
        id={`${id}-target`}
        label={o.draft.side === 'BUY' ? 'If I sell later at' : 'Selling at'}
        value={o.target}
        onChange={o.setTarget}
        hint={`Leave empty to use the live price ${formatPrice(quote.price, quote.currency)}`}
      />
      <div className="mt-2 flex flex-wrap gap-1.5">
        {[-5, 5, 10].map((pct) => (
          <button
            key={pct}
            type="button"
            onClick={() => o.setTarget((Math.round(quote.price * (1 + pct / 100) * 100) / 100).toFixed(2))}
            className="rounded-full border border-slate-300 px-2.5 py-0.5 text-xs font-medium text-slate-700 hover:border-indigo-400 dark:border-slate-600 dark:text-slate-200"
          >
            {pct > 0 ? '+' : '−'}
            {Math.abs(pct)}%
          </button>
        ))}
      </div>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-200" aria-live="polite">
        P&L at {formatPrice(o.targetPrice, quote.currency)}:{' '}
        <strong
          className={cn('tabular-nums', calculatorPnL !== null ? changeTone(calculatorPnL) : '')}
          data-testid="calculator-pnl"
        >
          {calculatorPnL !== null ? signed(calculatorPnL) : '—'}
          {calculatorPnL !== null && calcBase > 0
            ? ` (${formatPercent((calculatorPnL / calcBase) * 100)})`
            : ''}
        </strong>
      </p>
    </section>
  );
}
