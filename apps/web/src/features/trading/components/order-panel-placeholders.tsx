import type { ReactNode } from 'react';
import { Target } from 'lucide-react';
import { VIEW_ONLY_MESSAGE, type Quote } from '@nivesh/shared';
import { Card, CardTitle } from '../../../components/ui/card';
import { formatPrice } from '../../../lib/money-format';
import { ViewOnlyBadge } from '../../market/components/view-only-badge';

/** The Place Order card around whatever the panel shows. */
export function OrderPanelCard({ children }: { children: ReactNode }) {
  return (
    <Card>
      <CardTitle icon={<Target aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-400" />}>
        Place Order
      </CardTitle>
      {children}
    </Card>
  );
}

/** No stock chosen yet. */
export function OrderPanelEmpty() {
  return (
    <OrderPanelCard>
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center dark:border-slate-600">
        <Target aria-hidden="true" className="size-8 text-slate-400" />
        <p className="text-sm font-medium text-slate-700 dark:text-slate-200">
          Select a stock to place an order
        </p>
      </div>
    </OrderPanelCard>
  );
}

/** A stock that cannot be ordered (a US stock, an index): its price and why. */
export function OrderPanelViewOnly({ quote }: { quote: Quote }) {
  return (
    <OrderPanelCard>
      <div
        className="space-y-2 rounded-lg bg-slate-50 p-3 dark:bg-slate-900/60"
        data-testid="order-view-only"
      >
        <div className="flex items-center justify-between gap-3">
          <p className="font-semibold text-slate-900 dark:text-white" data-testid="order-symbol">
            {quote.symbol}
          </p>
          <p className="font-semibold tabular-nums text-slate-900 dark:text-white">
            {formatPrice(quote.price, quote.currency)}
          </p>
        </div>
        <ViewOnlyBadge instrument={quote} />
        <p className="text-sm text-slate-700 dark:text-slate-200">{VIEW_ONLY_MESSAGE}.</p>
      </div>
    </OrderPanelCard>
  );
}
