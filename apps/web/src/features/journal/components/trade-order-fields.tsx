import { TextField } from '../../../components/ui/field';
import { ToggleGroup } from '../../../components/ui/toggle-group';
import type { TradeFormState } from './use-trade-form';

const SIDES = [
  { key: 'BUY', label: 'BUY' },
  { key: 'SELL', label: 'SELL' },
] as const;
const LINKED_HINT = 'Taken from the linked fill';

/** Ticker, side, quantity and price (locked to a linked fill's), then setup, tags, stop and target. */
export function TradeOrderFields({ s }: { s: TradeFormState }) {
  const { form, set, errors, locked } = s;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Ticker"
        value={form.ticker}
        maxLength={30}
        data-autofocus={locked ? undefined : true}
        placeholder="e.g. RELIANCE"
        autoCapitalize="characters"
        disabled={locked}
        hint={locked ? LINKED_HINT : undefined}
        onChange={(e) => set('ticker', e.target.value)}
        error={errors.ticker}
      />
      <div className="space-y-1.5">
        <span className="block text-sm font-medium text-slate-800 dark:text-slate-200" id="trade-type-label">
          Type
        </span>
        {locked ? (
          <p className="rounded-lg border border-slate-200 px-3 py-2 text-sm font-semibold dark:border-slate-700 dark:text-white">
            {form.type}
          </p>
        ) : (
          <ToggleGroup
            label="Type"
            variant="segmented"
            options={SIDES}
            value={form.type}
            onChange={(v) => set('type', v)}
          />
        )}
        {errors.type ? <p className="text-sm text-red-700 dark:text-red-400">{errors.type}</p> : null}
      </div>
      <TextField
        label="Quantity"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={form.quantity}
        disabled={locked}
        hint={locked ? LINKED_HINT : undefined}
        onChange={(e) => set('quantity', e.target.value)}
        error={errors.quantity}
      />
      <TextField
        label="Price"
        type="number"
        inputMode="decimal"
        min={0.01}
        step={0.01}
        value={form.price}
        disabled={locked}
        hint={locked ? LINKED_HINT : undefined}
        onChange={(e) => set('price', e.target.value)}
        error={errors.price}
      />
      <TextField
        label="Setup"
        value={form.setup}
        maxLength={60}
        placeholder="e.g. Opening range breakout"
        onChange={(e) => set('setup', e.target.value)}
        error={errors.setup}
      />
      <TextField
        label="Tags"
        value={form.tags}
        placeholder="breakout, swing"
        hint="Up to 10, separated by commas"
        onChange={(e) => set('tags', e.target.value)}
        error={errors.tags}
      />
      <TextField
        label="Stop"
        type="number"
        inputMode="decimal"
        min={0.01}
        step={0.01}
        value={form.stop}
        onChange={(e) => set('stop', e.target.value)}
        error={errors.stop}
      />
      <TextField
        label="Target"
        type="number"
        inputMode="decimal"
        min={0.01}
        step={0.01}
        value={form.target}
        onChange={(e) => set('target', e.target.value)}
        error={errors.target}
      />
    </div>
  );
}
