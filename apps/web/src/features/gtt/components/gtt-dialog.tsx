import {
  PRODUCT_LABELS,
  EQUITY_PRODUCTS,
  type Gtt,
  type GttKind,
  type OrderSide,
  type Product,
} from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ToggleGroup } from '../../../components/ui/toggle-group';
import { formatPrice } from '../../../lib/money-format';
import { legDirectionText } from '../lib/gtt-form';
import { useGttForm } from './use-gtt-form';

const KIND_OPTIONS: { key: GttKind; label: string }[] = [
  { key: 'single', label: 'Single' },
  { key: 'oco', label: 'OCO (stop-loss + target)' },
];
const SIDE_OPTIONS: { key: OrderSide; label: string }[] = [
  { key: 'BUY', label: 'Buy' },
  { key: 'SELL', label: 'Sell' },
];
const PRODUCT_OPTIONS = EQUITY_PRODUCTS.map((p) => ({ key: p, label: PRODUCT_LABELS[p].long }));

/**
 * Set a GTT on `symbol`, or modify `gtt` (quantity and prices; its kind, side and product stay).
 * Each leg says which way it fires from the last price shown; the server's refusals appear inline.
 */
export function GttDialog({
  symbol,
  gtt,
  onClose,
}: {
  symbol: string;
  gtt?: Gtt | undefined;
  onClose: () => void;
}) {
  const g = useGttForm({ symbol, gtt, onDone: onClose });
  const { form, errors } = g;
  const legs: { index: 0 | 1; title: string }[] =
    form.kind === 'single'
      ? [{ index: 0, title: 'Trigger' }]
      : [
          { index: 0, title: 'Stop-loss (below the last price)' },
          { index: 1, title: 'Target (above the last price)' },
        ];
  return (
    <Modal open onClose={onClose} title={gtt ? `Modify GTT: ${symbol}` : `Set GTT: ${symbol}`} size="lg">
      <form
        className="space-y-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void g.submit();
        }}
      >
        <p className="text-sm text-slate-700 dark:text-slate-200" data-testid="gtt-last-price">
          <span className="font-semibold">{symbol}</span> last price{' '}
          {g.lastPrice !== undefined ? (
            <span className="font-semibold tabular-nums">{formatPrice(g.lastPrice, g.currency)}</span>
          ) : (
            '…'
          )}
          . When the price touches or gaps through a trigger, a LIMIT order is placed at that leg&apos;s limit
          price. Valid for one year.
        </p>
        {gtt ? null : (
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="space-y-1.5 sm:col-span-2">
              <span className="block text-sm font-medium text-slate-800 dark:text-slate-200">Type</span>
              <ToggleGroup
                label="GTT type"
                variant="segmented"
                options={KIND_OPTIONS}
                value={form.kind}
                onChange={(kind) => g.set({ kind })}
              />
            </div>
            <div className="space-y-1.5">
              <span className="block text-sm font-medium text-slate-800 dark:text-slate-200">Side</span>
              {form.kind === 'oco' ? (
                <p className="py-1.5 text-sm text-slate-700 dark:text-slate-200">
                  Sell (OCO exits a held position)
                </p>
              ) : (
                <ToggleGroup
                  label="Side"
                  variant="segmented"
                  options={SIDE_OPTIONS}
                  value={form.side}
                  onChange={(side) => g.set({ side })}
                />
              )}
            </div>
            <div className="space-y-1.5">
              <span className="block text-sm font-medium text-slate-800 dark:text-slate-200">Product</span>
              <ToggleGroup<Product>
                label="Product"
                variant="segmented"
                options={PRODUCT_OPTIONS}
                value={form.product}
                onChange={(product) => g.set({ product })}
              />
            </div>
          </div>
        )}
        <TextField
          label="Quantity"
          inputMode="numeric"
          value={form.quantity}
          onChange={(e) => g.set({ quantity: e.target.value })}
          error={errors.quantity}
          hint={g.side === 'SELL' ? `You hold ${g.held} ${symbol} shares` : undefined}
        />
        {legs.map(({ index, title }) => {
          const direction = legDirectionText(form.legs[index].trigger, g.lastPrice);
          return (
            <fieldset
              key={index}
              className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
              data-testid={`gtt-leg-${index}`}
            >
              <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-white">{title}</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField
                  label="Trigger price (₹)"
                  inputMode="decimal"
                  value={form.legs[index].trigger}
                  onChange={(e) => g.setLeg(index, { trigger: e.target.value })}
                  error={errors[`legs.${index}.triggerPrice`]}
                  hint={direction ?? 'The last price it watches for'}
                />
                <TextField
                  label="Limit price (₹)"
                  inputMode="decimal"
                  value={form.legs[index].limit}
                  onChange={(e) => g.setLeg(index, { limit: e.target.value })}
                  error={errors[`legs.${index}.limitPrice`]}
                  hint="The price of the LIMIT order it places"
                />
              </div>
            </fieldset>
          );
        })}
        {errors.legs || errors.side || errors.body || errors.symbol ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errors.legs ?? errors.side ?? errors.symbol ?? errors.body}
          </p>
        ) : null}
        {g.blocked ? (
          <p id="gtt-blocked" className="text-sm text-amber-800 dark:text-amber-300">
            {g.blocked}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            loading={g.busy}
            disabled={Boolean(g.blocked)}
            aria-describedby={g.blocked ? 'gtt-blocked' : undefined}
          >
            {gtt ? 'Save GTT' : 'Set GTT'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
