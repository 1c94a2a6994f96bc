import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { loginRequestSchema } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/field';
import { LiveForm } from '../../../components/ui/live-form';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { readForm, toFieldErrors, type FieldErrors } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useLogin } from '../api/auth-api';
import { AuthCard, FormAlert } from './auth-card';
import { GoogleButton } from './google-button';
import { TwoFactorStep } from './two-factor-step';
import { useInstance } from '../../../lib/instance';

export const SESSION_EXPIRED_TEXT = 'Your session expired, please sign in again';

export function LoginScreen() {
  const { virtualCashLabel } = useInstance();
  const [params] = useSearchParams();
  const { signIn } = useAuth();
  const login = useLogin();
  // The email the form shows again when the visitor leaves the two-factor step.
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [twoFactorEmail, setTwoFactorEmail] = useState<string | null>(null);

  const sessionExpired = params.get('reason') === 'session_expired';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const values = readForm(event.currentTarget, { email: 'text', password: 'text', rememberMe: 'checkbox' });
    setEmail(values.email);
    const parsed = loginRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    login.mutate(parsed.data, {
      onSuccess: (res) => {
        if ('requiresTwoFactor' in res) {
          setTwoFactorEmail(res.email);
          return;
        }
        notify.success(res.message);
        signIn(res.token, res.user);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.isNetworkError) {
          setFormError('Network error. Please try again.');
          notify.error('Network error. Please check your connection.');
        } else if (error instanceof ApiError && error.status === 401) {
          setFormError(error.message || 'Login failed. Please try again.');
          notify.error('Invalid credentials. Please try again.');
        } else {
          const message =
            error instanceof ApiError && error.message ? error.message : 'Login failed. Please try again.';
          setFormError(message);
          notify.error(message);
        }
      },
    });
  };

  if (twoFactorEmail) {
    return <TwoFactorStep email={twoFactorEmail} onCancel={() => setTwoFactorEmail(null)} />;
  }

  return (
    <AuthCard
      title="Welcome Back"
      subtitle={`Sign in to continue trading with ${virtualCashLabel}.`}
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/signup" className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300">
            Sign up
          </Link>
        </>
      }
    >
      {sessionExpired ? <FormAlert tone="info">{SESSION_EXPIRED_TEXT}</FormAlert> : null}
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <LiveForm noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={email}
          onChange={() => setErrors(({ email: _cleared, ...rest }) => rest)}
          error={errors.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          onChange={() => setErrors(({ password: _cleared, ...rest }) => rest)}
          error={errors.password}
        />
        <div className="flex items-center justify-between gap-2">
          <Checkbox label="Remember me" name="rememberMe" />
          <Link
            to="/forgot-password"
            className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
          >
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" size="lg" loading={login.isPending}>
          Sign In
        </Button>
      </LiveForm>
      <GoogleButton />
    </AuthCard>
  );
}
