import type { Order } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCancelOrder } from '../../account/api/account-api';
import { orderDisplayPrice } from '../../account/lib/order-status';
import { formatPrice } from '../../../lib/money-format';

/** Asks before cancelling; the server releases the reserved cash or shares. */
export function CancelOrderModal({ order, onClose }: { order: Order; onClose: () => void }) {
  const cancel = useCancelOrder();
  const price = orderDisplayPrice(order);
  const confirm = async () => {
    try {
      const res = await cancel.mutateAsync({ id: order.id, reason: 'Cancelled by user' });
      notify.success(res.message);
      onClose();
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to cancel order'));
    }
  };
  return (
    <Modal
      open
      title="Cancel Order?"
      onClose={onClose}
      description={`${order.type === 'BUY' ? 'Buy' : 'Sell'} ${order.quantity} ${order.symbol}${price !== null ? ` at ${formatPrice(price)}` : ''} (${order.orderType}). ${
        order.type === 'BUY'
          ? `The ${formatPrice(order.reserved)} reserved for it returns to your available cash.`
          : 'The reserved shares become available to sell again.'
      }`}
    >
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Keep Order
        </Button>
        <Button variant="danger" loading={cancel.isPending} onClick={() => void confirm()}>
          Cancel Order
        </Button>
      </div>
    </Modal>
  );
}
