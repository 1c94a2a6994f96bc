import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { loginRequestSchema } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/field';
import { LiveForm } from '../../../components/ui/live-form';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { toFieldErrors, type FieldErrors } from '../../../lib/form';
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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [twoFactorEmail, setTwoFactorEmail] = useState<string | null>(null);

  const sessionExpired = params.get('reason') === 'session_expired';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = loginRequestSchema.safeParse({ email, password, rememberMe });
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
    return (
      <TwoFactorStep
        email={twoFactorEmail}
        onCancel={() => {
          setTwoFactorEmail(null);
          setPassword('');
        }}
      />
    );
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
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setErrors(({ email: _cleared, ...rest }) => rest);
          }}
          error={errors.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setErrors(({ password: _cleared, ...rest }) => rest);
          }}
          error={errors.password}
        />
        <div className="flex items-center justify-between gap-2">
          <Checkbox
            label="Remember me"
            checked={rememberMe}
            onChange={(e) => setRememberMe(e.target.checked)}
          />
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
