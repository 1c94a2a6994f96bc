import { useState, type FormEvent } from 'react';
import { RECOVERY_CODE_PATTERN, verifyTwoFactorLoginRequestSchema } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { useVerifyTwoFactorLogin } from '../api/auth-api';
import { AuthCard, FormAlert } from './auth-card';

/** A failed code's toast is replaced by the sign-in's success, not left beside it. */
const SIGN_IN_CODE_TOAST = 'two-factor-sign-in';

export function TwoFactorStep({ email, onCancel }: { email: string; onCancel: () => void }) {
  const { signIn } = useAuth();
  const verify = useVerifyTwoFactorLogin();
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const ready = useRecovery ? RECOVERY_CODE_PATTERN.test(code.trim().toLowerCase()) : /^\d{6}$/.test(code);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = verifyTwoFactorLoginRequestSchema.safeParse({ email, code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a 6-digit code');
      return;
    }
    setError(null);
    verify.mutate(parsed.data, {
      onSuccess: (res) => {
        notify.success(res.message, SIGN_IN_CODE_TOAST);
        signIn(res.token, res.user);
      },
      onError: (err) => {
        const message =
          err instanceof ApiError && err.isNetworkError
            ? 'Verification failed. Please try again.'
            : err instanceof ApiError && err.message
              ? err.message
              : 'Invalid code';
        setError(message);
        notify.error(message, SIGN_IN_CODE_TOAST);
      },
    });
  };

  return (
    <AuthCard
      title="Two-Factor Authentication"
      subtitle={
        <>
          {useRecovery
            ? 'Enter one of your recovery codes for '
            : 'Enter the 6-digit code from your authenticator app for '}
          <strong className="text-slate-900 dark:text-white">{email}</strong>
        </>
      }
    >
      {error ? <FormAlert>{error}</FormAlert> : null}
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {useRecovery ? (
          <TextField
            key="recovery"
            label="Recovery code"
            name="code"
            autoComplete="off"
            placeholder="xxxxx-xxxxx"
            maxLength={11}
            value={code}
            onChange={(e) => setCode(e.target.value.trim())}
            autoFocus
          />
        ) : (
          <TextField
            key="totp"
            label="Authentication code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="000000"
            maxLength={6}
            className="text-center font-mono text-2xl tracking-[0.5em]"
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            autoFocus
          />
        )}
        <button
          type="button"
          className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
          onClick={() => {
            setUseRecovery((v) => !v);
            setCode('');
            setError(null);
          }}
        >
          {useRecovery ? 'Use an authenticator code' : 'Use a recovery code'}
        </button>
        <div className="flex gap-3">
          <Button variant="secondary" className="flex-1" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" className="flex-1" disabled={!ready} loading={verify.isPending}>
            Verify Code
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
