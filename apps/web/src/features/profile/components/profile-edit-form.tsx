import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import type { ProfileFormState } from './use-profile-form';

/** The personal-information fields in edit mode. */
export function ProfileEditForm({ s }: { s: ProfileFormState }) {
  const { save, form, set, errors, user, emailChanged, proof, setProof, cancel, update } = s;
  return (
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
  );
}
