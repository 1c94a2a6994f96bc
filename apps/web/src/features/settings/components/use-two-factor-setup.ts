import { useEffect, useRef, useState, type FormEvent } from 'react';
import { twoFactorVerifyRequestSchema, type TwoFactorEnableResponse } from '@nivesh/shared';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useVerifyTwoFactorSetup } from '../api/settings-api';

const COPIED_INDICATOR_MS = 2000;
export const INVALID_SETUP_CODE = 'Please enter a valid 6-digit code';
/** One toast per code attempt: a later success replaces a failed attempt's error instead of sitting beside it. */
export const TWO_FACTOR_TOAST = 'two-factor-code';

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** State of 2FA setup: the code typed, its error, the copied mark, and the recovery codes once verified. */
export function useTwoFactorSetup(setup: TwoFactorEnableResponse | null, onClose: () => void) {
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

  return { verify, code, setCode, error, setError, copied, recoveryCodes, copySecret, close, submit };
}
