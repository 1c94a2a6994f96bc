import { useState, type FormEvent } from 'react';
import { formatInr, PRODUCT_LABELS, rupeesToPaise, shareCount as shares, type Holding } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { notify } from '../../../lib/notify';
import { useVirtualTrade } from '../../account/api/account-api';
import { useOrderAttempt } from '../../account/api/use-order-attempt';
import { estimateSell, holdingKey, parseSellQuantity } from '../lib/holdings';
import { useOrderPreview } from '../../account/api/use-order-preview';
import { FeeLines } from '../../account/components/fee-lines';
import { dpChargeHint, ticketSchedule } from '../../account/lib/ticket-charges';
import { ClassTicketFields } from '../../../components/class-ticket-fields';
import { useClassTicket } from '../../../lib/use-class-ticket';

const signed = (v: number) => `${v > 0 ? '+' : v < 0 ? '−' : ''}${formatInr(Math.abs(v))}`;

/**
 * The prompt-style sell as a small dialog: how many shares (only those not already held
 * back by a resting sell order), the fees, net amount and realised P&L from the same schedule and
 * cost-basis rule as the fill, then a market sell at the live price the row shows (the server
 * refuses it if the market has moved more than 2% since). The sell is of the row's product: a
 * delivery holding sells as CNC, an intraday position as MIS. Sell stays disabled, with the
 * reason, while the quantity would be refused.
 */
export function SellDialog({ holding, onClose }: { holding: Holding | null; onClose: () => void }) {
  return holding ? <SellForm key={holdingKey(holding)} holding={holding} onClose={onClose} /> : null;
}

function SellForm({ holding, onClose }: { holding: Holding; onClose: () => void }) {
  const reserved = holding.reservedQuantity;
  const free = holding.sellableQuantity;
  const [input, setInput] = useState<string | null>(null);
  const text = input ?? String(free);
  const trade = useVirtualTrade();
  const attempt = useOrderAttempt();

  const parsed = parseSellQuantity(text, free);
  const schedule = ticketSchedule(holding.product);
  const local = parsed.ok ? estimateSell(holding, parsed.quantity, holding.currentPrice, schedule) : null;
  const preview = useOrderPreview(
    parsed.ok
      ? {
          symbol: holding.symbol,
          type: 'SELL',
          orderType: 'MARKET',
          quantity: parsed.quantity,
          validity: 'DAY',
          product: holding.product,
        }
      : null,
  );
  // The server's figures once they answer this quantity (the DP charge only it can tell); the local ones until then.
  const served = preview.fresh ? preview.data : undefined;
  const estimate =
    local && served
      ? {
          ...local,
          tradeValue: served.tradeValue,
          fees: served.fees.total,
          net: served.total,
          realizedPnL: served.estimatedPnL ?? local.realizedPnL,
        }
      : local;
  const feeLines = served ? served.fees : (local?.breakdown ?? null);
  const reason = parsed.ok
    ? null
    : reserved > 0 && free === 0
      ? `All ${shares(holding.quantity)} are held back by resting sell orders; cancel one on /orders to sell here`
      : parsed.message;
  // A class portfolio's rules (issue 26), checked as the server will.
  const classTicket = useClassTicket();
  const classRefusal = parsed.ok
    ? classTicket.breach({
        symbol: holding.symbol,
        side: 'SELL',
        orderType: 'MARKET',
        product: holding.product,
        quantity: parsed.quantity,
        pricePaise: rupeesToPaise(holding.currentPrice),
        marketPricePaise: rupeesToPaise(holding.currentPrice),
      })
    : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.ok || classRefusal) return;
    const body = {
      stockSymbol: holding.symbol,
      quantity: parsed.quantity,
      price: holding.currentPrice,
      product: holding.product,
    };
    trade.mutate(
      { side: 'sell', ...body, ...classTicket.noteBody, clientOrderId: attempt.idFor(body) },
      {
        onSuccess: (res) => {
          attempt.settled();
          notify.success(res.message || `Successfully sold ${shares(parsed.quantity)} of ${holding.symbol}!`);
          onClose();
        },
        onError: (err) => {
          attempt.settled(err);
          notify.error(errorMessage(err, 'Failed to sell stock'));
        },
      },
    );
  };

  const row = (label: string, value: string, testId: string, tone?: string) => (
    <div className="flex justify-between gap-3">
      <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
      <dd
        className={cn('font-medium tabular-nums', tone ?? 'text-slate-900 dark:text-white')}
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );

  return (
    <Modal
      open
      title={`Sell ${holding.symbol}`}
      onClose={onClose}
      description={`How many shares of ${holding.name} (${PRODUCT_LABELS[holding.product].long}) do you want to sell at the market price?`}
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label="Number of shares"
          inputMode="numeric"
          autoComplete="off"
          data-autofocus
          value={text}
          onChange={(e) => setInput(e.target.value)}
          error={reason ?? undefined}
          hint={
            reserved > 0
              ? `You hold ${shares(holding.quantity)}; ${shares(reserved)} in resting sell orders, ${shares(free)} free to sell`
              : `You hold ${shares(holding.quantity)}`
          }
        />
        {/* A dl holds only dt/dd groups (axe definition-list): the footnote sits beside it, not in it. */}
        <section
          className="space-y-1.5 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-900/60"
          aria-label="Sale summary"
        >
          <dl className="space-y-1.5">
            {row('Market price', formatInr(holding.currentPrice), 'sell-price')}
            {row('Trade value', estimate ? formatInr(estimate.tradeValue) : '—', 'sell-value')}
            <FeeLines fees={feeLines} hints={{ dpCharge: dpChargeHint() }} />
            {row('Fees & taxes', estimate ? formatInr(estimate.fees) : '—', 'sell-fees')}
            {row('You receive', estimate ? formatInr(estimate.net) : '—', 'sell-net')}
            {row(
              'Realised P&L',
              estimate ? signed(estimate.realizedPnL) : '—',
              'sell-pnl',
              estimate && estimate.realizedPnL !== 0
                ? estimate.realizedPnL > 0
                  ? 'text-emerald-700 dark:text-emerald-400'
                  : 'text-red-700 dark:text-red-400'
                : undefined,
            )}
          </dl>
          <p className="pt-1 text-xs text-slate-600 dark:text-slate-300">
            Estimated at the price shown; the fill is itemised in History.
          </p>
        </section>
        <ClassTicketFields ticket={classTicket} />
        {classRefusal ? (
          <p
            role="alert"
            className="text-sm font-medium text-red-700 dark:text-red-400"
            data-testid="sell-disabled-reason"
          >
            {classRefusal.message}
          </p>
        ) : null}
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="danger"
            loading={trade.isPending}
            disabled={!parsed.ok || classRefusal !== null}
          >
            Sell
          </Button>
        </div>
      </form>
    </Modal>
  );
}
