import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { resetPasswordRequestSchema } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter';
import { ApiError } from '../../../lib/api-client';
import { toFieldErrors, type FieldErrors } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useResetPassword } from '../api/auth-api';
import { AuthCard, FormAlert } from './auth-card';

const INVALID_LINK = 'Reset link is invalid or has expired';

export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const footer = (
    <Link to="/login" className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300">
      Back to Sign In
    </Link>
  );

  if (!token) {
    return (
      <AuthCard title="Reset Password" footer={footer}>
        <FormAlert>{INVALID_LINK}</FormAlert>
        <Link
          to="/forgot-password"
          className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
        >
          Request a new reset link
        </Link>
      </AuthCard>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = resetPasswordRequestSchema.safeParse({ token, password });
    const next: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error);
    // Confirmation is a form-only concern; its messages match the sign-up form's.
    if (!confirmPassword) next.confirmPassword = 'Please confirm your password';
    else if (confirmPassword !== password) next.confirmPassword = 'Passwords do not match';
    if (next.token) setFormError(next.token);
    setErrors(next);
    if (!parsed.success || Object.keys(next).length > 0) return;
    reset.mutate(parsed.data, {
      onSuccess: (res) => {
        notify.success(res.message);
        void navigate('/login', { replace: true });
      },
      onError: (err) => {
        const message = err instanceof ApiError && err.message ? err.message : 'Failed to reset password';
        setFormError(message);
        notify.error(message);
      },
    });
  };

  return (
    <AuthCard
      title="Reset Password"
      subtitle="Choose a new password for your Nivesh account."
      footer={footer}
    >
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <div className="space-y-2">
          <TextField
            label="New Password"
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
          />
          <PasswordStrengthMeter password={password} />
        </div>
        <TextField
          label="Confirm Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
          error={errors.confirmPassword}
        />
        <Button type="submit" className="w-full" size="lg" loading={reset.isPending}>
          Reset Password
        </Button>
      </form>
    </AuthCard>
  );
}
