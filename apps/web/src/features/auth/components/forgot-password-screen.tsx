import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MailCheck } from 'lucide-react';
import { forgotPasswordRequestSchema } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { LiveForm } from '../../../components/ui/live-form';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { readForm } from '../../../lib/form';
import { useForgotPassword } from '../api/auth-api';
import { AuthCard } from './auth-card';

const backLink = (
  <Link to="/login" className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300">
    Back to Sign In
  </Link>
);

export function ForgotPasswordScreen() {
  const forgot = useForgotPassword();
  const [error, setError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  // What the form shows again after "Use a different email".
  const [lastEmail, setLastEmail] = useState('');
  const [serverMessage, setServerMessage] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = forgotPasswordRequestSchema.safeParse(readForm(event.currentTarget, { email: 'text' }));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    forgot.mutate(parsed.data, {
      onSuccess: (res) => {
        setServerMessage(res.message);
        setSentTo(parsed.data.email);
        setLastEmail(parsed.data.email);
        notify.success('Password reset instructions sent to your email');
      },
      onError: (err) => {
        if (err instanceof ApiError && err.isNetworkError) {
          setError('Network error. Please try again.');
          notify.error('Network error. Please check your connection.');
          return;
        }
        const message = err instanceof ApiError && err.message ? err.message : 'Failed to send reset email';
        setError(message);
        notify.error(message);
      },
    });
  };

  if (sentTo) {
    return (
      <AuthCard title="Check Your Email" footer={backLink}>
        <div className="flex flex-col items-center gap-4 text-center">
          <MailCheck aria-hidden="true" className="size-12 text-emerald-700 dark:text-emerald-400" />
          <p className="text-slate-700 dark:text-slate-200">
            We sent a password reset link to{' '}
            <strong className="text-slate-900 dark:text-white">{sentTo}</strong>.
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {serverMessage ?? 'If an account exists for that email, a password reset link has been sent.'} The
            link is valid for 30 minutes.
          </p>
          <Button variant="secondary" onClick={() => setSentTo(null)}>
            Use a different email
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot Password?"
      subtitle="Enter your email and we will send you a link to reset your password."
      footer={backLink}
    >
      <LiveForm noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={lastEmail}
          onChange={() => setError(undefined)}
          error={error}
        />
        <Button type="submit" className="w-full" size="lg" loading={forgot.isPending}>
          Send Reset Link
        </Button>
      </LiveForm>
    </AuthCard>
  );
}
