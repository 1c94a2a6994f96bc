import { Link } from 'react-router';
import { PRODUCT_LABELS, type Gtt } from '@nivesh/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDate, formatDateTime } from '../../../lib/date-format';
import { formatPrice } from '../../../lib/money-format';
import { SIDE_TONE } from '../../account/lib/order-status';
import { verb } from '../lib/gtt-form';
import { GTT_STATUS_META, legName, legOutcome } from '../lib/gtt-status';

/** One GTT: what it watches, what it places, its status and (once fired) the order it placed. */
export function GttCard({
  gtt,
  onModify,
  onCancel,
}: {
  gtt: Gtt;
  onModify: () => void;
  onCancel: () => void;
}) {
  const meta = GTT_STATUS_META[gtt.status];
  const active = gtt.status === 'ACTIVE';
  return (
    <li className="space-y-3 px-4 py-4" data-testid={`gtt-${gtt.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <Link
            to={`/stock/${encodeURIComponent(gtt.symbol)}`}
            className="font-semibold text-slate-900 hover:text-indigo-700 dark:text-white dark:hover:text-indigo-300"
          >
            {gtt.symbol}
          </Link>
          <span className="block max-w-64 truncate text-xs text-slate-600 dark:text-slate-300">
            {gtt.name}
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge tone={SIDE_TONE[gtt.side]}>{gtt.side}</Badge>
          <Badge tone="bg-indigo-100 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-200">
            {gtt.kind === 'oco' ? 'OCO' : 'Single'}
          </Badge>
          <Badge tone={meta.tone} testId="gtt-status">
            {meta.label}
          </Badge>
        </div>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-200">
        {gtt.quantity} {gtt.quantity === 1 ? 'share' : 'shares'} · {PRODUCT_LABELS[gtt.product].long} · set at{' '}
        {formatPrice(gtt.referencePrice)}
      </p>
      <ul className="grid gap-2 sm:grid-cols-2">
        {gtt.legs.map((leg, i) => {
          const outcome = legOutcome(gtt, i);
          return (
            <li
              key={i}
              className="rounded-lg border border-slate-200 px-3 py-2 text-sm dark:border-slate-700"
              data-testid={`gtt-${gtt.id}-leg-${i}`}
            >
              <span className="font-medium text-slate-900 dark:text-white">{legName(gtt, i)}</span>{' '}
              <span className="tabular-nums text-slate-900 dark:text-white">
                {formatPrice(leg.triggerPrice)}
              </span>
              <span className="text-slate-600 dark:text-slate-300"> → limit </span>
              <span className="tabular-nums text-slate-900 dark:text-white">
                {formatPrice(leg.limitPrice)}
              </span>
              <span className="block text-xs text-slate-600 dark:text-slate-300">
                Fires when the price {verb(leg.direction)} it{outcome ? ` · ${outcome}` : ''}
              </span>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600 dark:text-slate-300">
        <span>
          {gtt.triggeredAt
            ? `Triggered ${formatDateTime(gtt.triggeredAt)} at ${formatPrice(gtt.triggeredPrice ?? 0)}`
            : active
              ? `Expires ${formatDate(gtt.expiresAt)}`
              : `Set ${formatDate(gtt.createdAt)}`}
          {gtt.statusReason ? ` · ${gtt.statusReason}` : ''}
        </span>
        <span className="flex items-center gap-3">
          {gtt.orderId ? (
            <Link
              to={`/orders?search=${encodeURIComponent(gtt.symbol)}`}
              className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
              title={gtt.orderId}
            >
              Order #{gtt.orderId.slice(0, 8)}
            </Link>
          ) : null}
          {active ? (
            <>
              <Button
                variant="secondary"
                size="sm"
                onClick={onModify}
                aria-label={`Modify GTT ${gtt.symbol}`}
              >
                Modify
              </Button>
              <Button variant="danger" size="sm" onClick={onCancel} aria-label={`Cancel GTT ${gtt.symbol}`}>
                Cancel
              </Button>
            </>
          ) : null}
        </span>
      </div>
    </li>
  );
}
