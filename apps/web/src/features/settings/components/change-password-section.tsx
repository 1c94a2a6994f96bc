import { useState, type FormEvent } from 'react';
import { changePasswordRequestSchema } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { toFieldErrors, type FieldErrors } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useChangePassword } from '../api/settings-api';

export function ChangePasswordSection() {
  const change = useChangePassword();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = changePasswordRequestSchema.safeParse({ currentPassword, newPassword });
    const next: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error);
    if (!confirm) next.confirmPassword = 'Please confirm your password';
    else if (confirm !== newPassword) next.confirmPassword = 'Passwords do not match';
    setErrors(next);
    if (!parsed.success || Object.keys(next).length > 0) return;
    change.mutate(parsed.data, {
      onSuccess: (res) => {
        notify.success(res.message);
        setCurrent('');
        setNew('');
        setConfirm('');
      },
      onError: (err) => {
        if (err instanceof ApiError && Object.keys(err.fieldErrors).length > 0) setErrors(err.fieldErrors);
        notify.error(errorMessage(err, 'Failed to change password'));
      },
    });
  };

  return (
    <section aria-labelledby="change-password-title">
      <h3 id="change-password-title" className="mb-3 text-base font-semibold text-slate-900 dark:text-white">
        Change Password
      </h3>
      <form noValidate onSubmit={submit} className="max-w-md space-y-4">
        <TextField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrent(e.target.value)}
          error={errors.currentPassword}
        />
        <div className="space-y-2">
          <TextField
            label="New Password"
            type="password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNew(e.target.value)}
            error={errors.newPassword}
          />
          <PasswordStrengthMeter password={newPassword} />
        </div>
        <TextField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={errors.confirmPassword}
        />
        <Button type="submit" variant="secondary" loading={change.isPending}>
          Update Password
        </Button>
      </form>
    </section>
  );
}
