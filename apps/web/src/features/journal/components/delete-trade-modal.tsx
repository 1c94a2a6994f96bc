import { JOURNAL_MESSAGES, type JournalEntry } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

export function DeleteTradeModal({
  entry,
  busy,
  onConfirm,
  onClose,
}: {
  entry: JournalEntry | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={entry !== null}
      onClose={onClose}
      title={`Delete ${entry?.ticker ?? ''} trade`}
      description={JOURNAL_MESSAGES.confirmDelete}
    >
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} loading={busy}>
          Delete
        </Button>
      </div>
    </Modal>
  );
}
