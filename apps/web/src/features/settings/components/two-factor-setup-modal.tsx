import { Check, Copy } from 'lucide-react';
import type { TwoFactorEnableResponse } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { RecoveryCodesModal } from './recovery-codes-modal';
import { TwoFactorCodeInput } from './two-factor-code-input';
import { INVALID_SETUP_CODE, useTwoFactorSetup } from './use-two-factor-setup';

export { INVALID_SETUP_CODE, TWO_FACTOR_TOAST } from './use-two-factor-setup';

export function TwoFactorSetupModal({
  setup,
  onClose,
}: {
  setup: TwoFactorEnableResponse | null;
  onClose: () => void;
}) {
  const { verify, code, setCode, error, setError, copied, recoveryCodes, copySecret, close, submit } =
    useTwoFactorSetup(setup, onClose);

  if (recoveryCodes) return <RecoveryCodesModal recoveryCodes={recoveryCodes} close={close} />;

  return (
    <Modal open={setup !== null} title="Set Up Two-Factor Authentication" onClose={close}>
      {setup ? (
        <form noValidate onSubmit={submit} className="space-y-4">
          <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-200">
            <li>Scan the QR code with an authenticator app (Google Authenticator, Authy, 1Password…).</li>
            <li>Or enter the secret key by hand.</li>
            <li>Type the 6-digit code the app shows.</li>
          </ol>
          <div className="flex justify-center rounded-lg bg-white p-3">
            <img src={setup.qrCodeUrl} alt="QR code for your authenticator app" className="size-48" />
          </div>
          <div>
            <p className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200" id="secret-key-label">
              Secret key
            </p>
            <div className="flex items-center gap-2">
              <code
                aria-labelledby="secret-key-label"
                className="flex-1 break-all rounded-md bg-slate-100 px-3 py-2 font-mono text-sm dark:bg-slate-900"
                data-testid="two-factor-secret"
              >
                {setup.secretKey}
              </code>
              <Button
                variant="secondary"
                size="sm"
                onClick={copySecret}
                aria-label={copied ? 'Secret key copied' : 'Copy secret key'}
                icon={
                  copied ? (
                    <Check aria-hidden="true" className="size-4" />
                  ) : (
                    <Copy aria-hidden="true" className="size-4" />
                  )
                }
              >
                {copied ? 'Copied!' : 'Copy'}
              </Button>
            </div>
          </div>
          <TwoFactorCodeInput
            value={code}
            onChange={(v) => {
              setCode(v);
              setError(undefined);
            }}
            onBlur={() => {
              if (code.length > 0 && code.length < 6) setError(INVALID_SETUP_CODE);
            }}
            error={error}
          />
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={code.length !== 6} loading={verify.isPending}>
              Verify
            </Button>
          </div>
        </form>
      ) : null}
    </Modal>
  );
}
