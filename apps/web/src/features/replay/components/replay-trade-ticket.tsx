import { useId } from 'react';
import { PRODUCT_LABELS, type OrderSide, type OrderType, type Product, type Replay } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { ToggleGroup } from '../../../components/ui/toggle-group';
import { formatPrice, MISSING } from '../../../lib/money-format';
import { useReplayQuote } from '../api/replay-trading-api';
import { ReplayStockSearch, type PickedStock } from './replay-stock-search';
import { useReplayTradeTicket } from './use-replay-trade-ticket';

const SIDES = [
  { key: 'BUY', label: 'Buy' },
  { key: 'SELL', label: 'Sell' },
] as const satisfies ReadonlyArray<{ key: OrderSide; label: string }>;
const TYPES = [
  { key: 'MARKET', label: 'Market' },
  { key: 'LIMIT', label: 'Limit' },
  { key: 'STOP', label: 'Stop' },
] as const satisfies ReadonlyArray<{ key: OrderType; label: string }>;
const PRODUCTS: ReadonlyArray<{ key: Product; label: string }> = (['CNC', 'MIS'] as const).map((key) => ({
  key,
  label: PRODUCT_LABELS[key].long,
}));

function LastPrice({ replay, stock }: { replay: Replay; stock: PickedStock }) {
  const quote = useReplayQuote(replay, stock.symbol);
  return (
    <p className="text-sm text-slate-700 dark:text-slate-200" data-testid="ticket-stock">
      <span className="font-semibold text-slate-900 dark:text-white">{stock.name}</span> ({stock.symbol}) ·
      Last price{' '}
      <span className="font-semibold tabular-nums">
        {quote.data ? formatPrice(quote.data.price) : quote.isError ? MISSING : '…'}
      </span>
    </p>
  );
}

/** Orders in the replay's own portfolio, filled by the server on the replay's prices at its clock. */
export function ReplayTradeTicket({
  replay,
  stock,
  onPick,
}: {
  replay: Replay;
  stock: PickedStock | null;
  onPick: (stock: PickedStock) => void;
}) {
  const { draft, set, submit, outcome, pending, blocked } = useReplayTradeTicket(replay, stock?.symbol ?? '');
  const reasonId = useId();
  const off = blocked !== null;
  return (
    <Card className="min-w-0" aria-labelledby={`${reasonId}-title`}>
      <CardTitle>
        <span id={`${reasonId}-title`}>Trade in this replay</span>
      </CardTitle>
      <form
        className="space-y-3"
        aria-label="Replay order"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {blocked ? (
          <p
            id={reasonId}
            role="note"
            data-testid="ticket-blocked"
            className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          >
            Trading is off: {blocked}
          </p>
        ) : null}
        <fieldset disabled={off} className="min-w-0 space-y-3" aria-describedby={off ? reasonId : undefined}>
          <ReplayStockSearch replay={replay} onPick={onPick} />
          {stock ? (
            <LastPrice replay={replay} stock={stock} />
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Pick a stock: click a mover in the market panel, or search.
            </p>
          )}
          <ToggleGroup
            label="Side"
            variant="segmented"
            options={SIDES}
            value={draft.side}
            onChange={(side) => set({ side })}
          />
          <ToggleGroup
            label="Order type"
            variant="segmented"
            options={TYPES}
            value={draft.orderType}
            onChange={(orderType) => set({ orderType })}
          />
          <ToggleGroup
            label="Product"
            variant="segmented"
            options={PRODUCTS}
            value={draft.product}
            onChange={(product) => set({ product })}
          />
          <TextField
            label="Quantity"
            inputMode="numeric"
            value={draft.quantity}
            onChange={(e) => set({ quantity: e.target.value })}
          />
          {draft.orderType === 'LIMIT' ? (
            <TextField
              label="Limit price (₹)"
              inputMode="decimal"
              value={draft.price}
              onChange={(e) => set({ price: e.target.value })}
            />
          ) : null}
          {draft.orderType === 'STOP' ? (
            <TextField
              label="Trigger price (₹)"
              inputMode="decimal"
              hint={
                draft.side === 'BUY'
                  ? 'Buys at the market once the price rises to the trigger.'
                  : 'Sells at the market once the price falls to the trigger.'
              }
              value={draft.triggerPrice}
              onChange={(e) => set({ triggerPrice: e.target.value })}
            />
          ) : null}
          <Button
            type="submit"
            variant={draft.side === 'BUY' ? 'buy' : 'sell'}
            className="w-full"
            loading={pending}
            disabled={off || pending}
          >
            {draft.side === 'BUY' ? 'Place buy order' : 'Place sell order'}
          </Button>
        </fieldset>
        {outcome ? (
          <p
            role={outcome.ok ? 'status' : 'alert'}
            data-testid="ticket-outcome"
            className={
              outcome.ok
                ? 'text-sm font-medium text-emerald-800 dark:text-emerald-300'
                : 'text-sm font-medium text-red-700 dark:text-red-300'
            }
          >
            {outcome.text}
          </p>
        ) : null}
      </form>
    </Card>
  );
}
