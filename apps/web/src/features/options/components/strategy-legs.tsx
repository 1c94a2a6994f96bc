import { Minus, Plus, Trash2 } from 'lucide-react';
import { inputClass } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { formatPrice } from '../../../lib/money-format';
import { legKey, type StrategyLeg } from '../lib/strategy';
import { MAX_LEG_LOTS, type StrategyState } from './use-strategy';

const STEP =
  'inline-flex size-8 items-center justify-center rounded-lg border border-slate-300 text-slate-700 hover:bg-slate-50 disabled:opacity-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-700';

function LegRow({
  leg,
  lotSize,
  strategy,
  limits,
}: {
  leg: StrategyLeg;
  lotSize: number;
  strategy: StrategyState;
  limits: boolean;
}) {
  const key = legKey(leg);
  const name = `${leg.side === 'BUY' ? 'Buy' : 'Sell'} ${leg.tradingsymbol}`;
  return (
    <li aria-label={name} className="flex flex-wrap items-center justify-between gap-2 py-2">
      <div className="min-w-0">
        <p className="text-sm font-semibold text-slate-900 dark:text-white">
          <span
            className={
              leg.side === 'BUY' ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'
            }
          >
            {leg.side === 'BUY' ? 'B' : 'S'}
          </span>{' '}
          <span className="break-all">{leg.tradingsymbol}</span>
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-300">
          {formatPrice(leg.price)} × {leg.lots * lotSize} units
        </p>
      </div>
      <div className="flex items-center gap-2">
        {limits ? (
          <label className="flex items-center gap-1 text-xs text-slate-600 dark:text-slate-300">
            <span aria-hidden="true">Limit ₹</span>
            <input
              aria-label={`Limit price: ${name}`}
              className={cn(inputClass, 'w-20! px-1! py-1! text-right tabular-nums')}
              type="number"
              inputMode="decimal"
              min={0.05}
              step={0.05}
              value={leg.limit}
              onChange={(e) => strategy.setLimit(key, Number(e.target.value))}
            />
          </label>
        ) : null}
        <div className="flex items-center gap-1">
          <button
            type="button"
            aria-label={`One lot fewer: ${name}`}
            disabled={leg.lots <= 1}
            onClick={() => strategy.setLots(key, leg.lots - 1)}
            className={STEP}
          >
            <Minus aria-hidden="true" className="size-3.5" />
          </button>
          <input
            aria-label={`Lots: ${name}`}
            className={cn(inputClass, 'w-14! px-1! py-1! text-center tabular-nums')}
            type="number"
            min={1}
            max={MAX_LEG_LOTS}
            value={leg.lots}
            onChange={(e) => strategy.setLots(key, Number(e.target.value))}
          />
          <button
            type="button"
            aria-label={`One lot more: ${name}`}
            disabled={leg.lots >= MAX_LEG_LOTS}
            onClick={() => strategy.setLots(key, leg.lots + 1)}
            className={STEP}
          >
            <Plus aria-hidden="true" className="size-3.5" />
          </button>
        </div>
        <button
          type="button"
          onClick={() => strategy.remove(key)}
          aria-label={`Remove ${name}`}
          className="rounded p-1.5 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-700"
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}

export function StrategyLegs({
  strategy,
  lotSize,
  limits,
}: {
  strategy: StrategyState;
  lotSize: number;
  /** Legs go as limit orders: each shows its limit to edit. */
  limits: boolean;
}) {
  return (
    <ul aria-label="Legs" className="divide-y divide-slate-100 dark:divide-slate-700/60">
      {strategy.legs.map((leg) => (
        <LegRow key={legKey(leg)} leg={leg} lotSize={lotSize} strategy={strategy} limits={limits} />
      ))}
    </ul>
  );
}
