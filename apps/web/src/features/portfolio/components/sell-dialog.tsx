import { formatInr, PRODUCT_LABELS, shareCount as shares, type Holding } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { cn } from '../../../lib/cn';
import { holdingKey } from '../lib/holdings';
import { FeeLines } from '../../account/components/fee-lines';
import { dpChargeHint } from '../../account/lib/ticket-charges';
import { ClassTicketFields } from '../../../components/class-ticket-fields';
import { useSellForm } from './use-sell-form';

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
  const sell = useSellForm(holding, onClose);
  const { reserved, free, text, setInput, trade, parsed, estimate, feeLines, reason } = sell;
  const { classTicket, classRefusal, submit } = sell;

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
