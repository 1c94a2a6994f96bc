import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Check, Copy } from 'lucide-react';
import { twoFactorVerifyRequestSchema, type TwoFactorEnableResponse } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useVerifyTwoFactorSetup } from '../api/settings-api';
import { TwoFactorCodeInput } from './two-factor-code-input';

const COPIED_INDICATOR_MS = 2000;
export const INVALID_SETUP_CODE = 'Please enter a valid 6-digit code';
/** One toast per code attempt: a later success replaces a failed attempt's error instead of sitting beside it. */
export const TWO_FACTOR_TOAST = 'two-factor-code';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function TwoFactorSetupModal({
  setup,
  onClose,
}: {
  setup: TwoFactorEnableResponse | null;
  onClose: () => void;
}) {
  const verify = useVerifyTwoFactorSetup();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [copied, setCopied] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const copiedTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (setup) {
      setCode('');
      setError(undefined);
      setRecoveryCodes(null);
    }
  }, [setup]);

  useEffect(
    () => () => {
      if (copiedTimer.current) clearTimeout(copiedTimer.current);
    },
    [],
  );

  const copySecret = async () => {
    if (!setup) return;
    if (!(await copyText(setup.secretKey))) {
      notify.error('Could not copy to the clipboard');
      return;
    }
    setCopied(true);
    notify.success('Secret key copied to clipboard');
    if (copiedTimer.current) clearTimeout(copiedTimer.current);
    copiedTimer.current = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
  };

  // The recovery-codes view outlives `setup`, so closing must clear it too or it stays open.
  const close = () => {
    setRecoveryCodes(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = twoFactorVerifyRequestSchema.safeParse({ code });
    if (!parsed.success) {
      setError(INVALID_SETUP_CODE);
      return;
    }
    verify.mutate(parsed.data.code, {
      onSuccess: (res) => {
        setRecoveryCodes(res.recoveryCodes);
        notify.success('Two-factor authentication enabled successfully!', TWO_FACTOR_TOAST);
      },
      onError: (err) => {
        const message = errorMessage(err, 'Invalid verification code');
        setError(message);
        notify.error(message, TWO_FACTOR_TOAST);
      },
    });
  };

  if (recoveryCodes) {
    return (
      <Modal
        open
        title="Save Your Recovery Codes"
        onClose={close}
        description="Each code signs you in once if you lose your authenticator. They are shown only now."
      >
        <ul
          className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-4 font-mono text-sm dark:bg-slate-900"
          data-testid="recovery-codes"
        >
          {recoveryCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <div className="mt-4 flex justify-end gap-3">
          <Button
            variant="secondary"
            icon={<Copy aria-hidden="true" className="size-4" />}
            onClick={async () => {
              if (await copyText(recoveryCodes.join('\n')))
                notify.success('Recovery codes copied to clipboard');
              else notify.error('Could not copy to the clipboard');
            }}
          >
            Copy Codes
          </Button>
          <Button onClick={close}>Done</Button>
        </div>
      </Modal>
    );
  }

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
