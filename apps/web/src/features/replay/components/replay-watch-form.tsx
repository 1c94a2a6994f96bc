import type { OrderSide } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ToggleGroup } from '../../../components/ui/toggle-group';
import type { WatchDraft, WatchKind } from '../lib/replay-watch';
import type { PickedStock } from './replay-stock-search';
import type { useReplayWatch } from './use-replay-watch';

const KINDS = [
  { key: 'alert', label: 'Price alert' },
  { key: 'gtt', label: 'GTT' },
] as const satisfies ReadonlyArray<{ key: WatchKind; label: string }>;
const CONDITIONS = [
  { key: 'below', label: 'At or below' },
  { key: 'above', label: 'At or above' },
] as const satisfies ReadonlyArray<{ key: WatchDraft['condition']; label: string }>;
const SIDES = [
  { key: 'BUY', label: 'Buy' },
  { key: 'SELL', label: 'Sell' },
] as const satisfies ReadonlyArray<{ key: OrderSide; label: string }>;

/** Set a price alert or a GTT for the picked stock; off, with the reason, when the replay refuses. */
export function ReplayWatchForm({
  w,
  stock,
  reasonId,
}: {
  w: ReturnType<typeof useReplayWatch>;
  stock: PickedStock | null;
  reasonId: string;
}) {
  const off = w.blocked !== null;
  const { draft, set } = w;
  return (
    <form
      className="space-y-3"
      aria-label="Set an alert or GTT"
      onSubmit={(e) => {
        e.preventDefault();
        void w.submit();
      }}
    >
      {w.blocked ? (
        <p
          id={reasonId}
          role="note"
          data-testid="watch-blocked"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {w.blocked}
        </p>
      ) : null}
      <fieldset disabled={off} className="min-w-0 space-y-3" aria-describedby={off ? reasonId : undefined}>
        <p className="text-sm text-slate-700 dark:text-slate-200">
          {stock ? (
            <>
              For <span className="font-semibold">{stock.name}</span> ({stock.symbol})
            </>
          ) : (
            'Pick a stock in the trade ticket or the market panel first.'
          )}
        </p>
        <ToggleGroup
          label="Set a"
          variant="segmented"
          options={KINDS}
          value={draft.kind}
          onChange={(kind) => set({ kind })}
        />
        {draft.kind === 'alert' ? (
          <>
            <ToggleGroup
              label="When the price is"
              variant="segmented"
              options={CONDITIONS}
              value={draft.condition}
              onChange={(condition) => set({ condition })}
            />
            <TextField
              label="Alert price (₹)"
              inputMode="decimal"
              value={draft.value}
              onChange={(e) => set({ value: e.target.value })}
            />
          </>
        ) : (
          <>
            <ToggleGroup
              label="GTT side"
              variant="segmented"
              options={SIDES}
              value={draft.side}
              onChange={(side) => set({ side })}
            />
            <TextField
              label="GTT quantity"
              inputMode="numeric"
              value={draft.quantity}
              onChange={(e) => set({ quantity: e.target.value })}
            />
            <div className="grid grid-cols-2 gap-2">
              <TextField
                label="Trigger (₹)"
                inputMode="decimal"
                value={draft.triggerPrice}
                onChange={(e) => set({ triggerPrice: e.target.value })}
              />
              <TextField
                label="Limit (₹)"
                inputMode="decimal"
                value={draft.limitPrice}
                onChange={(e) => set({ limitPrice: e.target.value })}
              />
            </div>
            <p className="text-xs text-slate-600 dark:text-slate-300">
              When the replay’s price reaches the trigger, a limit order at the limit price is placed in this
              replay.
            </p>
          </>
        )}
        <Button type="submit" className="w-full" loading={w.pending} disabled={off || w.pending}>
          {draft.kind === 'alert' ? 'Set alert' : 'Set GTT'}
        </Button>
      </fieldset>
      {w.outcome ? (
        <p
          role={w.outcome.ok ? 'status' : 'alert'}
          data-testid="watch-outcome"
          className={
            w.outcome.ok
              ? 'text-sm font-medium text-emerald-800 dark:text-emerald-300'
              : 'text-sm font-medium text-red-700 dark:text-red-300'
          }
        >
          {w.outcome.text}
        </p>
      ) : null}
    </form>
  );
}
