import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useDisableTwoFactor } from '../api/settings-api';
import { TwoFactorCodeInput } from './two-factor-code-input';
import { INVALID_SETUP_CODE, TWO_FACTOR_TOAST } from './two-factor-setup-modal';

export function TwoFactorDisableModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const disable = useDisableTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const close = () => {
    setCode('');
    setError(undefined);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError(INVALID_SETUP_CODE);
      return;
    }
    disable.mutate(
      { code },
      {
        onSuccess: () => {
          notify.success('Two-factor authentication disabled.', TWO_FACTOR_TOAST);
          close();
        },
        onError: (err) => {
          const message = errorMessage(err, 'Failed to disable 2FA');
          setError(message);
          notify.error(message, TWO_FACTOR_TOAST);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title="Disable Two-Factor Authentication"
      onClose={close}
      description="Are you sure you want to disable 2FA?"
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <p className="text-sm text-slate-700 dark:text-slate-200">
          Enter a current code from your authenticator app to confirm.
        </p>
        <TwoFactorCodeInput
          label="Current 6-digit code"
          value={code}
          onChange={(v) => {
            setCode(v);
            setError(undefined);
          }}
          error={error}
        />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={code.length !== 6} loading={disable.isPending}>
            Disable 2FA
          </Button>
        </div>
      </form>
    </Modal>
  );
}
