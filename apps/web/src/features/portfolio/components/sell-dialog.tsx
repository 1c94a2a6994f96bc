import { useRef, useState, type FormEvent } from 'react';
import { formatInr, type Holding } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { newClientOrderId, useVirtualTrade } from '../../account/api/account-api';
import { parseSellQuantity } from '../lib/holdings';

/**
 * The spec's prompt-based sell as a small dialog: how many shares, checked before anything is
 * sent, then a market sell at the live price the row shows (the server refuses it if the market
 * has moved more than 2% since).
 */
export function SellDialog({ holding, onClose }: { holding: Holding | null; onClose: () => void }) {
  return holding ? <SellForm key={holding.symbol} holding={holding} onClose={onClose} /> : null;
}

function SellForm({ holding, onClose }: { holding: Holding; onClose: () => void }) {
  const [input, setInput] = useState(String(holding.quantity));
  const [error, setError] = useState<string | undefined>();
  const trade = useVirtualTrade();
  // One id per attempt: a retry after a lost response must not sell twice.
  const attempt = useRef<{ key: string; id: string } | null>(null);

  const parsed = parseSellQuantity(input, holding.quantity);
  const estimate = parsed.ok ? parsed.quantity * holding.currentPrice : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.ok) {
      setError(parsed.message);
      notify.error(parsed.message);
      return;
    }
    setError(undefined);
    const key = `${holding.symbol}:${parsed.quantity}:${holding.currentPrice}`;
    if (attempt.current?.key !== key) attempt.current = { key, id: newClientOrderId() };
    trade.mutate(
      { side: 'sell', stockSymbol: holding.symbol, quantity: parsed.quantity, price: holding.currentPrice, clientOrderId: attempt.current.id },
      {
        onSuccess: (res) => {
          notify.success(res.message || `Successfully sold ${parsed.quantity} shares of ${holding.symbol}!`);
          onClose();
        },
        onError: (err) => notify.error(errorMessage(err, 'Failed to sell stock')),
      },
    );
  };

  return (
    <Modal open title={`Sell ${holding.symbol}`} onClose={onClose} description={`How many shares of ${holding.name} do you want to sell at the market price?`}>
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label="Number of shares"
          inputMode="numeric"
          autoComplete="off"
          data-autofocus
          value={input}
          onChange={(e) => {
            setInput(e.target.value);
            setError(undefined);
          }}
          error={error}
          hint={`You hold ${holding.quantity} shares`}
        />
        <dl className="space-y-1.5 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-900/60">
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600 dark:text-slate-300">Market price</dt>
            <dd className="font-medium tabular-nums text-slate-900 dark:text-white">{formatInr(holding.currentPrice)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600 dark:text-slate-300">Estimated value</dt>
            <dd className="font-medium tabular-nums text-slate-900 dark:text-white">{estimate === null ? '—' : formatInr(estimate)}</dd>
          </div>
          <p className="pt-1 text-xs text-slate-500 dark:text-slate-400">Fees are itemised on the fill; see History for the contract-note breakdown.</p>
        </dl>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={trade.isPending}>
            Sell
          </Button>
        </div>
      </form>
    </Modal>
  );
}
