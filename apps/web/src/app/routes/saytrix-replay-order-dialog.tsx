import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { formatPrice } from '../../lib/money-format';
import type { SaytrixTrade } from '../../features/saytrix/components/saytrix-actions';
import { useSaytrixReplayOrder } from './use-saytrix-replay-order';

/** A Saytrix proposal made inside a replay, confirmed into the replay's own portfolio. */
export function SaytrixReplayOrderDialog({
  trade,
  onClose,
}: {
  trade: SaytrixTrade & { replayId: string; portfolioId: string };
  onClose: () => void;
}) {
  const { quantity, setQuantity, valid, confirm, outcome, pending } = useSaytrixReplayOrder(trade);
  const verb = trade.side === 'BUY' ? 'Buy' : 'Sell';
  const how =
    trade.orderType === 'LIMIT' && trade.price
      ? `with a limit of ${formatPrice(trade.price)}`
      : trade.orderType === 'STOP' && trade.triggerPrice
        ? `with a stop trigger at ${formatPrice(trade.triggerPrice)}`
        : 'at the replay’s market price';
  return (
    <Modal
      open
      title={`${verb} ${trade.symbol} in this replay`}
      description={`The order goes to the replay’s portfolio and fills on the replay’s prices at its clock, ${how}.`}
      onClose={onClose}
    >
      <form
        className="space-y-3"
        aria-label="Replay order from Saytrix"
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
      >
        <TextField
          label="Quantity"
          inputMode="numeric"
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          error={valid ? undefined : 'Enter a whole number of shares'}
        />
        {outcome ? (
          <p
            role={outcome.ok ? 'status' : 'alert'}
            className={
              outcome.ok
                ? 'text-sm text-emerald-700 dark:text-emerald-300'
                : 'text-sm text-red-700 dark:text-red-300'
            }
          >
            {outcome.text}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {outcome?.ok ? 'Close' : 'Cancel'}
          </Button>
          <Button type="submit" variant={trade.side === 'BUY' ? 'buy' : 'sell'} disabled={!valid || pending}>
            {verb} {valid ? quantity : ''} {trade.symbol}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
