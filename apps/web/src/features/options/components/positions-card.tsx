import type { DerivativePosition } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatPrice, formatRupees, formatSignedInr } from '../../../lib/money-format';
import { useOptionPositions } from '../api/options-api';
import { useExitPosition } from './use-exit-position';

function pnlClass(v: number) {
  return v > 0 ? 'text-emerald-700 dark:text-emerald-400' : v < 0 ? 'text-red-700 dark:text-red-400' : '';
}

function lotsText(p: DerivativePosition) {
  const sign = p.quantity > 0 ? '+' : p.quantity < 0 ? '−' : '';
  return `${sign}${Math.abs(p.lots)} ${Math.abs(p.lots) === 1 ? 'lot' : 'lots'} (${Math.abs(p.quantity)} units)`;
}

function PositionItem({ p, exit }: { p: DerivativePosition; exit: ReturnType<typeof useExitPosition> }) {
  const open = p.quantity !== 0;
  const figures: Array<[string, string, string?]> = [
    ['Lots', lotsText(p)],
    ['Average', formatPrice(p.averagePrice)],
    ['LTP', formatPrice(p.ltp)],
    ['MTM', formatSignedInr(p.unrealisedPnl), pnlClass(p.unrealisedPnl)],
    ['Realised', formatSignedInr(p.realisedPnl), pnlClass(p.realisedPnl)],
  ];
  return (
    <li aria-label={p.tradingsymbol} className="space-y-2 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold break-all text-slate-900 dark:text-white">
          {p.tradingsymbol}{' '}
          <span className="text-xs font-normal text-slate-600 dark:text-slate-300">{p.product}</span>
        </p>
        {open ? (
          <Button
            variant="secondary"
            size="sm"
            loading={exit.exiting === p.tradingsymbol}
            onClick={() => void exit.exit(p)}
            aria-label={`Exit ${p.tradingsymbol}`}
          >
            Exit
          </Button>
        ) : null}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-5">
        {figures.map(([k, v, cls]) => (
          <div key={k}>
            <dt className="text-xs text-slate-600 dark:text-slate-300">{k}</dt>
            <dd className={cn('font-medium tabular-nums', cls)}>{v}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-700 dark:text-slate-200">
        <span className="font-medium">At expiry: </span>
        {p.atExpiry}
      </p>
    </li>
  );
}

export function PositionsCard() {
  const positions = useOptionPositions();
  const exit = useExitPosition();
  return (
    <Card aria-label="F&O positions">
      <CardTitle>F&amp;O positions</CardTitle>
      {positions.isPending ? <Spinner /> : null}
      {positions.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorMessage(positions.error, 'Could not load your F&O positions')}
        </p>
      ) : null}
      {positions.data ? (
        positions.data.positions.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">No options or futures positions yet.</p>
        ) : (
          <>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Margin blocked: {formatRupees(positions.data.marginBlocked)}
            </p>
            <ul className="divide-y divide-slate-100 dark:divide-slate-700/60">
              {positions.data.positions.map((p) => (
                <PositionItem key={`${p.tradingsymbol}:${p.product}`} p={p} exit={exit} />
              ))}
            </ul>
          </>
        )
      ) : null}
    </Card>
  );
}
