import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Calendar, Camera, LogOut, Pencil, Settings, Shield, UserRound, Zap } from 'lucide-react';
import {
  DEFAULT_BIO,
  DEFAULT_ROLE,
  formatMonthYear,
  updateProfileRequestSchema,
  type User,
} from '@nivesh/shared';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { useAuth, useCurrentUser } from '../../../lib/auth';
import { toFieldErrors, type FieldErrors } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useUpdateProfile } from '../api/profile-api';
import { useTradingStats } from '../../account/api/account-api';
import { useLiveFigures } from '../../account/api/use-live-figures';
import { AchievementsCard } from './achievements-card';
import { TradingPerformanceCard } from './trading-performance-card';
import { withLiveTotalPnl } from '../lib/live-achievements';

type ProfileForm = Pick<User, 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'location' | 'bio'>;

const fromUser = (user: User): ProfileForm => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  phoneNumber: user.phoneNumber,
  location: user.location,
  bio: user.bio,
});

function InfoRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="py-3 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900 sm:col-span-2 sm:mt-0 dark:text-slate-100">
        {value || 'Not provided'}
      </dd>
    </div>
  );
}

export function ProfileScreen() {
  const user = useCurrentUser();
  const { signOut } = useAuth();
  const update = useUpdateProfile();
  const stats = useTradingStats();
  const { figures } = useLiveFigures();
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<ProfileForm>(() => fromUser(user));
  const [errors, setErrors] = useState<FieldErrors>({});

  const set = (key: keyof ProfileForm, value: string) => setForm((f) => ({ ...f, [key]: value }));
  // An e-mail change needs the current password (and the 2FA code when on); nothing else does.
  const [proof, setProof] = useState({ currentPassword: '', twoFactorCode: '' });
  const emailChanged = form.email.trim().toLowerCase() !== user.email;

  const cancel = () => {
    setForm(fromUser(user));
    setProof({ currentPassword: '', twoFactorCode: '' });
    setErrors({});
    setEditing(false);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const fullName = `${form.firstName} ${form.lastName}`.trim();
    const proofFields = emailChanged
      ? {
          currentPassword: proof.currentPassword,
          ...(user.twoFactorEnabled ? { twoFactorCode: proof.twoFactorCode } : {}),
        }
      : {};
    const parsed = updateProfileRequestSchema.safeParse({
      ...form,
      ...proofFields,
      ...(fullName.length >= 2 ? { fullName } : {}),
    });
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: (res) => {
        setForm(fromUser(res.user));
        setProof({ currentPassword: '', twoFactorCode: '' });
        setEditing(false);
        notify.success('Profile updated successfully!');
      },
      onError: (error) => {
        notify.error(errorMessage(error, 'Failed to save profile changes.'));
      },
    });
  };

  return (
    <div className="space-y-6">
      <Card className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <div className="relative self-start">
          <Avatar name={user.fullName} src={user.avatar} size="lg" />
          <span title="Avatar upload coming soon!" className="absolute -bottom-1 -right-1">
            <button
              type="button"
              disabled
              aria-label="Avatar upload coming soon!"
              className="inline-flex size-8 cursor-not-allowed items-center justify-center rounded-full border border-slate-300 bg-white text-slate-600 dark:border-slate-600 dark:bg-slate-700 dark:text-slate-300"
            >
              <Camera aria-hidden="true" className="size-4" />
            </button>
          </span>
        </div>
        <div className="flex-1">
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{user.fullName}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            @{user.username} · {user.role || DEFAULT_ROLE}
          </p>
          <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-300">
            <Calendar aria-hidden="true" className="size-4" />
            Joined {formatMonthYear(user.createdAt)}
          </p>
        </div>
        {!editing ? (
          <Button icon={<Pencil aria-hidden="true" className="size-4" />} onClick={() => setEditing(true)}>
            Edit Profile
          </Button>
        ) : null}
      </Card>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card aria-labelledby="personal-info-title">
            <CardTitle icon={<UserRound aria-hidden="true" className="size-5 text-indigo-600" />}>
              <span id="personal-info-title">Personal Information</span>
            </CardTitle>
            {editing ? (
              <form noValidate onSubmit={save} className="space-y-4">
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextField
                    label="First Name"
                    autoComplete="given-name"
                    value={form.firstName}
                    onChange={(e) => set('firstName', e.target.value)}
                    error={errors.firstName}
                  />
                  <TextField
                    label="Last Name"
                    autoComplete="family-name"
                    value={form.lastName}
                    onChange={(e) => set('lastName', e.target.value)}
                    error={errors.lastName}
                  />
                  <TextField
                    label="Email"
                    type="email"
                    autoComplete="email"
                    value={form.email}
                    onChange={(e) => set('email', e.target.value)}
                    error={errors.email}
                    disabled={!user.hasPassword}
                    hint={user.hasPassword ? undefined : 'Your email follows your Google account.'}
                  />
                  <TextField
                    label="Phone"
                    type="tel"
                    autoComplete="tel"
                    value={form.phoneNumber}
                    onChange={(e) => set('phoneNumber', e.target.value)}
                    error={errors.phoneNumber}
                  />
                  <TextField
                    label="Location"
                    autoComplete="address-level2"
                    value={form.location}
                    onChange={(e) => set('location', e.target.value)}
                    error={errors.location}
                  />
                  {emailChanged ? (
                    <TextField
                      label="Current Password"
                      type="password"
                      autoComplete="current-password"
                      value={proof.currentPassword}
                      onChange={(e) => setProof((p) => ({ ...p, currentPassword: e.target.value }))}
                      error={errors.currentPassword}
                      hint="Needed to change your email. We will tell your old address about the change."
                    />
                  ) : null}
                  {emailChanged && user.twoFactorEnabled ? (
                    <TextField
                      label="Authenticator Code"
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      value={proof.twoFactorCode}
                      onChange={(e) => setProof((p) => ({ ...p, twoFactorCode: e.target.value }))}
                      error={errors.twoFactorCode}
                    />
                  ) : null}
                </div>
                <TextAreaField
                  label="Bio"
                  value={form.bio}
                  onChange={(e) => set('bio', e.target.value)}
                  error={errors.bio}
                />
                <div className="flex justify-end gap-3">
                  <Button variant="secondary" onClick={cancel}>
                    Cancel
                  </Button>
                  <Button type="submit" loading={update.isPending}>
                    Save Changes
                  </Button>
                </div>
              </form>
            ) : (
              <dl className="divide-y divide-slate-200 dark:divide-slate-700">
                <InfoRow label="First Name" value={user.firstName} />
                <InfoRow label="Last Name" value={user.lastName} />
                <InfoRow label="Email" value={user.email} />
                <InfoRow label="Phone" value={user.phoneNumber} />
                <InfoRow label="Location" value={user.location} />
                <InfoRow label="Bio" value={user.bio || DEFAULT_BIO} />
              </dl>
            )}
          </Card>

          <TradingPerformanceCard
            stats={stats.data}
            figures={figures}
            pending={stats.isPending}
            error={stats.error}
          />

          <AchievementsCard
            achievements={stats.data && withLiveTotalPnl(stats.data.achievements, figures)}
            pending={stats.isPending}
            error={stats.error}
          />
        </div>

        <Card aria-labelledby="quick-actions-title" className="h-fit">
          <CardTitle icon={<Zap aria-hidden="true" className="size-5 text-indigo-600" />}>
            <span id="quick-actions-title">Quick Actions</span>
          </CardTitle>
          <div className="flex flex-col gap-2">
            <Link
              to="/settings"
              className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-700"
            >
              <Settings aria-hidden="true" className="size-4" /> Settings
            </Link>
            <Link
              to="/settings?tab=security"
              className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-700"
            >
              <Shield aria-hidden="true" className="size-4" /> Security
            </Link>
            <button
              type="button"
              onClick={signOut}
              data-testid="profile-logout"
              className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm font-medium text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
            >
              <LogOut aria-hidden="true" className="size-4" /> Logout
            </button>
          </div>
        </Card>
      </div>
    </div>
  );
}
