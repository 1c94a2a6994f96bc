import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { signupFormSchema } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/field';
import { LiveForm } from '../../../components/ui/live-form';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { readForm, toFieldErrors, type FieldErrors } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useSignup } from '../api/auth-api';
import { AuthCard, FormAlert } from './auth-card';
import { GoogleButton } from './google-button';
import { useInstance } from '../../../lib/instance';

/** The new user sees the success toast for a second before leaving the page. */
const REDIRECT_DELAY_MS = 1000;

const linkClass = 'font-medium text-indigo-700 underline hover:no-underline dark:text-indigo-300';

export function SignupScreen() {
  const { virtualCashLabel } = useInstance();
  const { signIn } = useAuth();
  const signup = useSignup();
  // Only for the strength meter: the form's fields are uncontrolled (components/ui/live-form.tsx).
  const [password, setPassword] = useState('');
  const passwordField = useRef<HTMLInputElement>(null);
  // What was typed on the prerendered page before React took it over.
  useEffect(() => setPassword(passwordField.current?.value ?? ''), []);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  // A field's message goes once the user edits it; the rest stay until the next submit.
  const edited = (key: string) => setErrors(({ [key]: _cleared, ...rest }) => rest);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = signupFormSchema.safeParse(
      readForm(event.currentTarget, {
        fullName: 'text',
        email: 'text',
        password: 'text',
        confirmPassword: 'text',
        acceptTerms: 'checkbox',
      }),
    );
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    const { fullName, email, password } = parsed.data;
    signup.mutate(
      { fullName, email, password },
      {
        onSuccess: (res) => {
          notify.success('Account created successfully!');
          setRedirecting(true);
          timer.current = setTimeout(() => signIn(res.token, res.user), REDIRECT_DELAY_MS);
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
            setErrors(error.fieldErrors);
            notify.error(Object.values(error.fieldErrors)[0] || 'Please fix the validation errors.');
            return;
          }
          const message =
            error instanceof ApiError && error.message ? error.message : 'Signup failed. Please try again.';
          setFormError(message);
          notify.error(message);
        },
      },
    );
  };

  return (
    <AuthCard
      title="Create Account"
      subtitle={`Start with ₹10,000 of ${virtualCashLabel}. No real money involved.`}
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300">
            Sign in
          </Link>
        </>
      }
    >
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <LiveForm noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField
          label="Full Name"
          name="fullName"
          autoComplete="name"
          onChange={() => edited('fullName')}
          error={errors.fullName}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          onChange={() => edited('email')}
          error={errors.email}
        />
        <div className="space-y-2">
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            ref={passwordField}
            onChange={(e) => {
              setPassword(e.target.value);
              edited('password');
            }}
            error={errors.password}
          />
          <PasswordStrengthMeter password={password} />
        </div>
        <TextField
          label="Confirm Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          onChange={() => edited('confirmPassword')}
          error={errors.confirmPassword}
        />
        <Checkbox
          name="acceptTerms"
          onChange={() => edited('acceptTerms')}
          error={errors.acceptTerms}
          label={
            <>
              I agree to the{' '}
              <Link to="/terms" className={linkClass}>
                Terms of Service
              </Link>{' '}
              and{' '}
              <Link to="/privacy" className={linkClass}>
                Privacy Policy
              </Link>
            </>
          }
        />
        <Button type="submit" className="w-full" size="lg" loading={signup.isPending || redirecting}>
          Create Account
        </Button>
      </LiveForm>
      <GoogleButton />
    </AuthCard>
  );
}
