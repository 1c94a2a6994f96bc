import { useState, type FormEvent } from 'react';
import { watchlistNameField, type Watchlist } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCreateWatchlist } from '../api/watchlist-api';

export function CreateWatchlistModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (list: Watchlist) => void;
}) {
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateWatchlist();
  const parsed = watchlistNameField.safeParse(name);
  const clientError = parsed.success
    ? null
    : (parsed.error.issues[0]?.message ?? 'Watchlist name cannot be empty');
  const error = (touched ? clientError : null) ?? serverError ?? undefined;

  const close = () => {
    setName('');
    setTouched(false);
    setServerError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!parsed.success || create.isPending) return;
    try {
      const res = await create.mutateAsync(parsed.data);
      notify.success(res.message || `Watchlist "${res.data.name}" created successfully!`);
      onCreated(res.data);
      close();
    } catch (err) {
      const message =
        err instanceof ApiError
          ? (err.fieldErrors.name ?? err.message)
          : errorMessage(err, 'Failed to create watchlist');
      setServerError(message);
      notify.error(message);
    }
  };

  return (
    <Modal open={open} onClose={close} title="Create New Watchlist">
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        <TextField
          label="Watchlist Name"
          value={name}
          maxLength={50}
          data-autofocus
          placeholder="e.g. Banking stocks"
          onChange={(e) => {
            setName(e.target.value);
            setServerError(null);
          }}
          onBlur={() => setTouched(true)}
          error={error}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={!parsed.success} loading={create.isPending}>
            Create Watchlist
          </Button>
        </div>
      </form>
    </Modal>
  );
}
