import { useState, type FormEvent } from 'react';
import { RotateCcw, TriangleAlert } from 'lucide-react';
import { formatInr, paiseToRupees, RESET_CONFIRMATION, STARTING_BALANCE_PAISE } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useResetAccount } from '../../account/api/account-api';

const STARTING_CASH = formatInr(paiseToRupees(STARTING_BALANCE_PAISE));

/** Danger zone: start the virtual account over. The typed word keeps it from happening by accident. */
export function ResetAccountSection() {
  const [open, setOpen] = useState(false);
  return (
    <Card aria-labelledby="reset-account-title" className="border-red-300 dark:border-red-900">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300">
            <TriangleAlert aria-hidden="true" className="size-5" />
          </span>
          <div>
            <h2 id="reset-account-title" className="text-lg font-semibold text-slate-900 dark:text-white">
              Reset virtual account
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Start main over with {STARTING_CASH}: the current season closes with its holdings, orders and
              transactions kept, read-only, on History. Your reward streak is kept.
            </p>
          </div>
        </div>
        <Button
          variant="danger"
          icon={<RotateCcw aria-hidden="true" className="size-4" />}
          onClick={() => setOpen(true)}
        >
          Reset account
        </Button>
      </div>
      <ResetAccountDialog open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}

function ResetAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const reset = useResetAccount();
  const close = () => {
    setTyped('');
    onClose();
  };
  const confirmed = typed.trim() === RESET_CONFIRMATION;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) return;
    reset.mutate(undefined, {
      onSuccess: (res) => {
        notify.success(res.message);
        close();
      },
      onError: (error) => notify.error(errorMessage(error, 'Failed to reset virtual account')),
    });
  };

  return (
    <Modal
      open={open}
      title="Reset virtual account?"
      onClose={close}
      description={`Main starts a new season with ${STARTING_CASH}. Its resting orders and GTTs are cancelled; the closed season's holdings, orders and transactions stay on History to look back on, but cannot be traded again.`}
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label={`Type ${RESET_CONFIRMATION} to confirm`}
          autoComplete="off"
          data-autofocus
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={reset.isPending} disabled={!confirmed}>
            Reset account
          </Button>
        </div>
      </form>
    </Modal>
  );
}
