import { TextAreaField, TextField } from '../../../components/ui/field';
import type { SettingsScreenState } from './use-settings-screen';

/** Name, contact and bio fields; an e-mail change also asks for the password (and the 2FA code). */
export function SettingsProfileTab({ s }: { s: SettingsScreenState }) {
  const { draft, errors, setProfile, user, emailChanged } = s;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="First Name"
        autoComplete="given-name"
        value={draft.profileData.firstName}
        onChange={(e) => setProfile('firstName', e.target.value)}
        error={errors.firstName}
      />
      <TextField
        label="Last Name"
        autoComplete="family-name"
        value={draft.profileData.lastName}
        onChange={(e) => setProfile('lastName', e.target.value)}
        error={errors.lastName}
      />
      <TextField
        label="Email Address"
        type="email"
        autoComplete="email"
        value={draft.profileData.email}
        onChange={(e) => setProfile('email', e.target.value)}
        error={errors.email}
        disabled={!user.hasPassword}
        hint={user.hasPassword ? undefined : 'Your email follows your Google account.'}
      />
      <TextField
        label="Phone Number"
        type="tel"
        autoComplete="tel"
        value={draft.profileData.phoneNumber}
        onChange={(e) => setProfile('phoneNumber', e.target.value)}
        error={errors.phoneNumber}
      />
      <div className="sm:col-span-2">
        <TextAreaField
          label="Bio"
          value={draft.profileData.bio}
          onChange={(e) => setProfile('bio', e.target.value)}
          error={errors.bio}
        />
      </div>
      <TextField
        label="Location"
        autoComplete="address-level2"
        value={draft.profileData.location}
        onChange={(e) => setProfile('location', e.target.value)}
        error={errors.location}
      />
      {emailChanged ? (
        <>
          <TextField
            label="Current Password"
            type="password"
            autoComplete="current-password"
            value={draft.profileData.currentPassword}
            onChange={(e) => setProfile('currentPassword', e.target.value)}
            error={errors.currentPassword}
            hint="Needed to change your email. We will tell your old address about the change."
          />
          {user.twoFactorEnabled ? (
            <TextField
              label="Authenticator Code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={draft.profileData.twoFactorCode}
              onChange={(e) => setProfile('twoFactorCode', e.target.value)}
              error={errors.twoFactorCode}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
