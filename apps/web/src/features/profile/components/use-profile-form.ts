import { useState, type FormEvent } from 'react';
import { updateProfileRequestSchema, type User } from '@nivesh/shared';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { toFieldErrors, type FieldErrors } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useUpdateProfile } from '../api/profile-api';

type ProfileForm = Pick<User, 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'location' | 'bio'>;

const fromUser = (user: User): ProfileForm => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  phoneNumber: user.phoneNumber,
  location: user.location,
  bio: user.bio,
});

/** State of the profile's edit form: the fields, the proof an e-mail change needs, errors and saving. */
export function useProfileForm() {
  const user = useCurrentUser();
  const update = useUpdateProfile();
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

  return {
    user,
    update,
    editing,
    setEditing,
    form,
    errors,
    set,
    proof,
    setProof,
    emailChanged,
    cancel,
    save,
  };
}

export type ProfileFormState = ReturnType<typeof useProfileForm>;
