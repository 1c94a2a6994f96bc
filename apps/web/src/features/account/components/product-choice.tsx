import { useId } from 'react';
import { EQUITY_PRODUCTS, PRODUCT_LABELS, type Product } from '@nivesh/shared';
import { ToggleGroup } from '../../../components/ui/toggle-group';
import { cn } from '../../../lib/cn';
import { useSimulatedSession } from '../api/use-intraday-cutoff';
import { cutoffNote, intradayRefusal, type IntradayCutoff } from '../lib/intraday-cutoff';

/**
 * Delivery (CNC) or Intraday (MIS) on every order surface. After the cut-off the server refuses new
 * MIS orders, so Intraday is disabled and the reason, with the time, stays visible beside it.
 */
export function ProductChoice({
  value,
  onChange,
  cutoff,
  className,
}: {
  value: Product;
  onChange: (product: Product) => void;
  /** From the order preview; null until it has answered (the choice stays open, the server decides). */
  cutoff: IntradayCutoff | null | undefined;
  className?: string;
}) {
  const id = useId();
  const simulated = useSimulatedSession();
  const refused = intradayRefusal(cutoff, simulated);
  const note = cutoffNote(cutoff, simulated);
  return (
    <div className={className}>
      <ToggleGroup
        variant="segmented"
        label="Product"
        describedBy={note ? `${id}-note` : undefined}
        options={EQUITY_PRODUCTS.map((p) => ({
          key: p,
          label: PRODUCT_LABELS[p].long,
          disabled: p === 'MIS' && refused !== null,
        }))}
        value={value}
        onChange={onChange}
      />
      {note ? (
        <p
          id={`${id}-note`}
          data-testid="product-cutoff-note"
          className={cn(
            'mt-1 text-xs',
            refused ? 'text-amber-800 dark:text-amber-300' : 'text-slate-600 dark:text-slate-300',
          )}
        >
          {note}
        </p>
      ) : null}
    </div>
  );
}
