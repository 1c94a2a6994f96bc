import { useId } from 'react';
import { ToggleGroup } from '../../../components/ui/toggle-group';
import type { FoOrderType, FoProduct, OrderSettings } from './use-order-settings';

const PRODUCTS = [
  { key: 'NRML', label: 'NRML (carry)' },
  { key: 'MIS', label: 'MIS (intraday)' },
] as const;

const TYPES: ReadonlyArray<{ key: FoOrderType; label: string }> = [
  { key: 'MARKET', label: 'Market' },
  { key: 'LIMIT', label: 'Limit' },
];

/** The product and order type every leg of the strategy is sent with. */
export function OrderSettingsPicker({ settings }: { settings: OrderSettings }) {
  const reasonId = useId();
  const products = PRODUCTS.map((p) => ({ ...p, disabled: p.key === 'MIS' && settings.misClosed !== null }));
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <div className="space-y-1">
        <ToggleGroup<FoProduct>
          label="Product"
          variant="segmented"
          options={products}
          value={settings.product}
          onChange={settings.setProduct}
          describedBy={settings.misClosed ? reasonId : undefined}
        />
        {settings.misClosed ? (
          <p id={reasonId} className="text-xs text-slate-700 dark:text-slate-200">
            {settings.misClosed}
          </p>
        ) : null}
      </div>
      <ToggleGroup<FoOrderType>
        label="Order type"
        variant="segmented"
        options={TYPES}
        value={settings.orderType}
        onChange={settings.setOrderType}
      />
    </div>
  );
}
