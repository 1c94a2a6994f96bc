import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

export function DeleteWatchlistModal({
  name,
  busy,
  onConfirm,
  onClose,
}: {
  name: string | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={name !== null}
      onClose={onClose}
      title={`Delete "${name ?? ''}"`}
      description="Are you sure you want to delete this watchlist?"
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
