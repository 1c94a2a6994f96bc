import type { SearchResult } from '@nivesh/shared';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useActivePortfolio } from '../../../lib/active-portfolio';
import { StockSearchBox } from '../../market/components/stock-search-box';
import { useInstance } from '../../../lib/instance';
import { QuickBuyDone, QuickBuyViewOnly } from './quick-buy-states';
import { QuickBuyMovers } from './quick-buy-movers';
import { QuickBuyTicket } from './quick-buy-ticket';
import { useQuickBuy } from './use-quick-buy';

export { QUICK_BUY_SUCCESS_MS } from './use-quick-buy';

export interface QuickBuyModalProps {
  open: boolean;
  onClose: () => void;
  /** A stock chosen before opening (a top mover's Buy button). */
  initialSymbol?: string | null;
}

export function QuickBuyModal({ open, onClose, initialSymbol }: QuickBuyModalProps) {
  const { virtualCashLabel } = useInstance();
  const { label } = useActivePortfolio();
  return (
    <Modal
      open={open}
      title="Quick Buy"
      onClose={onClose}
      description={`Buy at the market price with your ${virtualCashLabel} · ${label}`}
    >
      {open ? (
        <QuickBuyBody key={initialSymbol ?? ''} initialSymbol={initialSymbol ?? null} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function QuickBuyBody({ initialSymbol, onClose }: { initialSymbol: string | null; onClose: () => void }) {
  const b = useQuickBuy(initialSymbol, onClose);
  const { symbol, quote, q, done } = b;

  if (done && q) return <QuickBuyDone done={done} price={q.price} />;

  return (
    <div className="space-y-4">
      <StockSearchBox
        label="Search a stock to buy"
        placeholder="Search stocks to buy..."
        onSelect={(r: SearchResult) => b.pick(r.symbol)}
        limit={6}
      />
      <QuickBuyMovers movers={b.movers.data} symbol={symbol} onPick={b.pick} />

      {!symbol ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300">
          Please select a stock
        </p>
      ) : quote.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <Spinner size="sm" /> Loading {symbol}...
        </p>
      ) : quote.isError || !q ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(quote.error, 'Failed to fetch stock quote')}
        </p>
      ) : b.viewOnly ? (
        <QuickBuyViewOnly q={q} />
      ) : (
        <QuickBuyTicket b={b} q={q} />
      )}
    </div>
  );
}
