import { describeGtt, type Gtt } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCancelGtt } from '../api/gtt-api';

/** Asks before cancelling: a GTT reserves nothing, so cancelling only stops the watch. */
export function CancelGttModal({ gtt, onClose }: { gtt: Gtt; onClose: () => void }) {
  const cancel = useCancelGtt();
  const confirm = async () => {
    try {
      const res = await cancel.mutateAsync(gtt.id);
      notify.success(res.message);
      onClose();
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to cancel the GTT'));
    }
  };
  return (
    <Modal
      open
      title="Cancel GTT?"
      onClose={onClose}
      description={`${describeGtt(gtt)}. It will stop watching the price.`}
    >
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Keep GTT
        </Button>
        <Button variant="danger" loading={cancel.isPending} onClick={() => void confirm()}>
          Cancel GTT
        </Button>
      </div>
    </Modal>
  );
}
