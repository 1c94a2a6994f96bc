import { Minus, Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';

/** The quantity with − and +: digits only, back to a whole number ≥ 1 on leaving the field. */
export function QuickBuyQuantity({
  qtyText,
  quantity,
  onChange,
}: {
  qtyText: string;
  quantity: number;
  onChange: (text: string) => void;
}) {
  return (
    <div className="flex items-center justify-between gap-3">
      <label htmlFor="quick-buy-qty" className="text-sm font-medium text-slate-800 dark:text-slate-200">
        Quantity
      </label>
      <div className="flex items-center gap-1.5">
        <Button
          variant="secondary"
          size="sm"
          className="px-2!"
          aria-label="Decrease quantity"
          disabled={quantity <= 1}
          onClick={() => onChange(String(Math.max(1, quantity - 1)))}
        >
          <Minus aria-hidden="true" className="size-4" />
        </Button>
        <input
          id="quick-buy-qty"
          inputMode="numeric"
          value={qtyText}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
          onBlur={() => onChange(String(quantity))}
          className={cn(inputClass, 'w-20! text-center tabular-nums')}
        />
        <Button
          variant="secondary"
          size="sm"
          className="px-2!"
          aria-label="Increase quantity"
          onClick={() => onChange(String(quantity + 1))}
        >
          <Plus aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </div>
  );
}
