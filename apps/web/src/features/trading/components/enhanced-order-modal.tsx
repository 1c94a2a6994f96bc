import { useId } from 'react';
import type { Quote } from '@nivesh/shared';
import { ClassTicketFields } from '../../../components/class-ticket-fields';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Modal } from '../../../components/ui/modal';
import { formatPrice } from '../../../lib/money-format';
import { ChargeSchedule } from '../../account/components/charge-schedule';
import { EnhancedOrderConfirm } from './enhanced-order-confirm';
import { EnhancedOrderFees } from './enhanced-order-fees';
import { EnhancedOrderInputs } from './enhanced-order-inputs';
import { EnhancedOrderSuccess } from './enhanced-order-success';
import { useEnhancedOrder, type EnhancedOrder, type EnhancedOrderModalProps } from './use-enhanced-order';

export { SUCCESS_CLOSE_MS } from './use-enhanced-order';
export { MODAL_VALIDATION_MS } from './use-enhanced-preview';
export type { EnhancedOrderModalProps } from './use-enhanced-order';

/** The order modal: quick quantities, fees from the server's preview, P&L, confirm, slide to confirm. */
export function EnhancedOrderModal(props: EnhancedOrderModalProps) {
  if (!props.open) return null;
  return <EnhancedOrderDialog {...props} />;
}

function EnhancedOrderDialog(props: EnhancedOrderModalProps) {
  const { onClose, quote, availableCash } = props;
  const id = useId();
  const o = useEnhancedOrder(props);
  const { draft, step, result, estimate } = o;

  const verb = draft.side === 'BUY' ? 'Buy' : 'Sell';
  const title =
    step === 'success'
      ? 'Order Confirmed!'
      : step === 'confirm'
        ? `Confirm ${verb} Order`
        : `${verb} ${quote.symbol}`;

  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      size={step === 'form' ? 'lg' : 'md'}
      description={step === 'form' ? `${quote.name} · ${quote.exchange} · ${o.portfolio.label}` : undefined}
    >
      {step === 'success' && result ? (
        <EnhancedOrderSuccess result={result} onClose={onClose} />
      ) : step === 'confirm' && estimate ? (
        <EnhancedOrderConfirm o={o} quote={quote} estimate={estimate} verb={verb} />
      ) : (
        <form
          className="grid gap-5 md:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (o.canPlace) o.setStep('confirm');
          }}
        >
          <EnhancedOrderInputs id={id} o={o} quote={quote} />
          <div className="space-y-4">
            <EnhancedOrderFees id={id} o={o} quote={quote} availableCash={availableCash} />
            <ChargeSchedule exchange={quote.exchange} />
            <ClassTicketFields ticket={o.classTicket} />
            <EnhancedOrderPlace o={o} quote={quote} verb={verb} />
          </div>
        </form>
      )}
    </Modal>
  );
}

/** The confirmation tick and the Place button, with why it cannot be pressed yet. */
function EnhancedOrderPlace({ o, quote, verb }: { o: EnhancedOrder; quote: Quote; verb: string }) {
  const { draft, total, quantity, confirmed, reason } = o;
  return (
    <>
      <Checkbox
        label={`I confirm this ${verb.toLowerCase()} order for ${quantity ?? '—'} ${quote.symbol} ${draft.side === 'BUY' ? 'costing' : 'for'} about ${total !== undefined ? formatPrice(total) : '—'}`}
        checked={confirmed}
        onChange={(e) => o.setConfirmed(e.target.checked)}
      />
      <Button
        type="submit"
        size="lg"
        variant={draft.side === 'BUY' ? 'buy' : 'sell'}
        className="w-full"
        disabled={!o.canPlace}
      >
        {draft.side === 'BUY' ? 'Place Buy Order' : 'Place Sell Order'}
      </Button>
      {reason ? (
        <p
          role="status"
          data-testid="modal-disabled-reason"
          className="text-center text-sm text-red-700 dark:text-red-400"
        >
          {reason}
        </p>
      ) : !confirmed ? (
        <p className="text-center text-xs text-slate-600 dark:text-slate-300">
          Tick the confirmation to place the order.
        </p>
      ) : null}
    </>
  );
}
