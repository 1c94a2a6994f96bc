import { TrendingDown, TrendingUp } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { changeTone, formatPercent, formatSigned } from '../lib/format';

/** Change and percent with colour and an arrow, so the direction does not rest on colour alone. */
export function PriceChange({
  change,
  percent,
  className,
  showAbsolute = true,
}: {
  change: number;
  percent: number;
  className?: string;
  showAbsolute?: boolean;
}) {
  const Icon = change < 0 ? TrendingDown : TrendingUp;
  return (
    <span
      className={cn('inline-flex items-center gap-1 font-medium tabular-nums', changeTone(change), className)}
    >
      {change !== 0 ? <Icon aria-hidden="true" className="size-4" /> : null}
      {showAbsolute ? `${formatSigned(change)} ` : ''}({formatPercent(percent)})
    </span>
  );
}
