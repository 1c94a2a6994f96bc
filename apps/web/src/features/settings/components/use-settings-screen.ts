import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  updateSettingsRequestSchema,
  type NotificationSettings,
  type Preferences,
  type SecuritySettings,
  type TwoFactorEnableResponse,
  type User,
} from '@nivesh/shared';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import type { FieldErrors } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useTheme } from '../../../lib/theme';
import { useEnableTwoFactor, useSaveSettings } from '../api/settings-api';

export const TAB_KEYS = ['profile', 'notifications', 'security', 'preferences'] as const;
export type TabKey = (typeof TAB_KEYS)[number];

const isTab = (v: string | null): v is TabKey => TAB_KEYS.some((t) => t === v);

interface Draft {
  profileData: {
    firstName: string;
    lastName: string;
    email: string;
    phoneNumber: string;
    bio: string;
    location: string;
    currentPassword: string;
    twoFactorCode: string;
  };
  notificationSettings: NotificationSettings;
  securitySettings: SecuritySettings;
  preferences: Preferences;
}

const draftFrom = (user: User): Draft => ({
  profileData: {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    bio: user.bio,
    location: user.location,
    currentPassword: '',
    twoFactorCode: '',
  },
  notificationSettings: { ...user.notificationSettings },
  securitySettings: { ...user.securitySettings },
  preferences: { ...user.preferences },
});

/** State of the settings screen: the tab in the URL, the draft being edited, saving, and 2FA setup. */
export function useSettingsScreen() {
  const user = useCurrentUser();
  const { setTheme } = useTheme();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: TabKey = isTab(tabParam) ? tabParam : 'profile';
  const [draft, setDraft] = useState<Draft>(() => draftFrom(user));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveSettings();
  const enable2fa = useEnableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorEnableResponse | null>(null);
  const [disableOpen, setDisableOpen] = useState(false);

  const setTab = (next: TabKey) => setParams(next === 'profile' ? {} : { tab: next }, { replace: true });

  const setProfile = (key: keyof Draft['profileData'], value: string) =>
    setDraft((d) => ({ ...d, profileData: { ...d.profileData, [key]: value } }));

  const emailChanged = draft.profileData.email.trim().toLowerCase() !== user.email;

  const onSave = () => {
    // The proof goes only with an e-mail change; the server asks for nothing else.
    const { currentPassword, twoFactorCode, ...profile } = draft.profileData;
    const proof = emailChanged
      ? { currentPassword, ...(user.twoFactorEnabled ? { twoFactorCode } : {}) }
      : {};
    const parsed = updateSettingsRequestSchema.safeParse({ ...draft, profileData: { ...profile, ...proof } });
    if (!parsed.success) {
      const fieldErrors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[issue.path.length - 1] ?? '_form');
        fieldErrors[key] ??= issue.message;
      }
      setErrors(fieldErrors);
      notify.error('Please fix the highlighted fields.');
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (res) => {
        setDraft(draftFrom(res.user));
        notify.success('Settings saved successfully!');
      },
      onError: (err) => notify.error(errorMessage(err, 'Failed to save settings')),
    });
  };

  const onTwoFactorToggle = (next: boolean) => {
    if (!next) {
      setDisableOpen(true);
      return;
    }
    enable2fa.mutate(undefined, {
      onSuccess: (res) => setSetup(res),
      onError: (err) => notify.error(errorMessage(err, 'Failed to enable 2FA')),
    });
  };

  return {
    user,
    setTheme,
    tab,
    setTab,
    draft,
    setDraft,
    errors,
    save,
    enable2fa,
    setup,
    setSetup,
    disableOpen,
    setDisableOpen,
    setProfile,
    emailChanged,
    onSave,
    onTwoFactorToggle,
  };
}

export type SettingsScreenState = ReturnType<typeof useSettingsScreen>;
