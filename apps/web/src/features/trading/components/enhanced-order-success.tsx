import { CheckCircle2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** The placed order: the server's message and whether it filled or rests. */
export function EnhancedOrderSuccess({
  result,
  onClose,
}: {
  result: { message: string; status: string };
  onClose: () => void;
}) {
  return (
    <div className="flex flex-col items-center gap-3 py-4 text-center" role="status">
      <CheckCircle2 aria-hidden="true" className="size-14 text-emerald-600 dark:text-emerald-400" />
      <p className="text-base font-semibold text-slate-900 dark:text-white">{result.message}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {result.status === 'FILLED'
          ? 'Your order was filled at the market price.'
          : 'Your order is resting and will fill when the market reaches your price.'}
      </p>
      <Button variant="secondary" onClick={onClose}>
        Close
      </Button>
    </div>
  );
}
