import { useState } from 'react';
import { BellPlus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { AlertFormModal } from './alert-form-modal';

/** "Set alert" for a stock: the stock page, the charts page and each watchlist row offer it. */
export function SetAlertButton({ symbol, compact = false }: { symbol: string; compact?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={compact ? 'ghost' : 'secondary'}
        size="sm"
        className={compact ? 'px-2!' : undefined}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
        aria-label={compact ? `Set alert: ${symbol}` : undefined}
        title={compact ? `Set alert: ${symbol}` : undefined}
        icon={<BellPlus aria-hidden="true" className="size-4" />}
      >
        {compact ? null : 'Set alert'}
      </Button>
      {open ? (
        // Clicks inside the dialog must not reach a clickable row behind the button.
        <div onClick={(e) => e.stopPropagation()}>
          <AlertFormModal open onClose={() => setOpen(false)} symbol={symbol} />
        </div>
      ) : null}
    </>
  );
}
