import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Bell, Moon, Palette, Save, Shield, Sun, UserRound } from 'lucide-react';
import {
  updateSettingsRequestSchema,
  type NotificationSettings,
  type Preferences,
  type SecuritySettings,
  type TwoFactorEnableResponse,
  type User,
} from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { Switch } from '../../../components/ui/switch';
import { COMING_WITH, isShipped, type ShippedFeature } from '../../../lib/shipped-features';
import { Tabs } from '../../../components/ui/tabs';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import type { FieldErrors } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useTheme } from '../../../lib/theme';
import { useEnableTwoFactor, useSaveSettings } from '../api/settings-api';
import { ChangePasswordSection } from './change-password-section';
import { ResetAccountSection } from './reset-account-section';
import { SessionsSection } from './sessions-section';
import { TwoFactorDisableModal } from './two-factor-disable-modal';
import { TwoFactorSetupModal } from './two-factor-setup-modal';

const TABS = [
  { key: 'profile', label: 'Profile', icon: <UserRound aria-hidden="true" className="size-4" /> },
  { key: 'notifications', label: 'Notifications', icon: <Bell aria-hidden="true" className="size-4" /> },
  { key: 'security', label: 'Security', icon: <Shield aria-hidden="true" className="size-4" /> },
  { key: 'preferences', label: 'Preferences', icon: <Palette aria-hidden="true" className="size-4" /> },
] as const;
type TabKey = (typeof TABS)[number]['key'];

const isTab = (v: string | null): v is TabKey => TABS.some((t) => t.key === v);

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

/** The switches whose feature may not exist yet, and the flag that says whether it does. */
const NEEDS_FEATURE: Partial<Record<keyof NotificationSettings, ShippedFeature>> = {
  smsNotifications: 'sms',
  priceAlerts: 'priceAlerts',
  newsAlerts: 'newsAlerts',
};

const NOTIFICATION_TOGGLES: Array<[keyof NotificationSettings, string, string]> = [
  ['emailNotifications', 'Email Notifications', 'Receive account and trade updates by email'],
  ['pushNotifications', 'Push Notifications', 'Receive in-app notifications while you use Nivesh'],
  ['smsNotifications', 'SMS Notifications', 'Receive text messages for important alerts'],
  ['priceAlerts', 'Price Alerts', 'When a stock you follow reaches your target'],
  ['newsAlerts', 'News Alerts', 'Market news about your holdings'],
  ['portfolioUpdates', 'Portfolio Updates', 'Changes in your portfolio value'],
  ['weeklyReports', 'Weekly Reports', 'A summary of your week every Monday'],
];

export function SettingsScreen() {
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

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Settings</h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Manage your account, notifications, security and preferences.
          </p>
        </div>
        <Button
          icon={<Save aria-hidden="true" className="size-4" />}
          loading={save.isPending}
          onClick={onSave}
        >
          Save Changes
        </Button>
      </div>

      <Card>
        <Tabs label="Settings sections" tabs={TABS} active={tab} onChange={setTab}>
          {tab === 'profile' ? (
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
          ) : null}

          {tab === 'notifications' ? (
            <div className="divide-y divide-slate-200 dark:divide-slate-700">
              {NOTIFICATION_TOGGLES.map(([key, label, description]) => {
                const feature = NEEDS_FEATURE[key];
                const missing = feature !== undefined && !isShipped(feature);
                return (
                  <Switch
                    key={key}
                    label={label}
                    description={
                      missing
                        ? `${COMING_WITH[feature]}: ${description.charAt(0).toLowerCase()}${description.slice(1)}`
                        : description
                    }
                    checked={missing ? false : draft.notificationSettings[key]}
                    disabled={missing}
                    onChange={(checked) =>
                      setDraft((d) => ({
                        ...d,
                        notificationSettings: { ...d.notificationSettings, [key]: checked },
                      }))
                    }
                  />
                );
              })}
            </div>
          ) : null}

          {tab === 'security' ? (
            <div className="space-y-8">
              <section aria-labelledby="two-factor-title">
                <h3 id="two-factor-title" className="sr-only">
                  Two-factor authentication
                </h3>
                <Switch
                  label="Two-Factor Authentication"
                  description={
                    user.twoFactorEnabled
                      ? 'On: sign-in asks for a code from your authenticator app.'
                      : 'Add a code from an authenticator app to every sign-in.'
                  }
                  checked={user.twoFactorEnabled}
                  disabled={enable2fa.isPending || setup !== null}
                  onChange={onTwoFactorToggle}
                />
                <Switch
                  label="Login Alerts"
                  description="Tell me when my account signs in on a new device"
                  checked={draft.securitySettings.loginAlerts}
                  onChange={(checked) =>
                    setDraft((d) => ({
                      ...d,
                      securitySettings: { ...d.securitySettings, loginAlerts: checked },
                    }))
                  }
                />
                <div className="max-w-xs py-3">
                  <TextField
                    label="Session timeout (minutes)"
                    inputMode="numeric"
                    value={draft.securitySettings.sessionTimeout}
                    onChange={(e) =>
                      setDraft((d) => ({
                        ...d,
                        securitySettings: {
                          ...d.securitySettings,
                          sessionTimeout: e.target.value.replace(/\D/g, ''),
                        },
                      }))
                    }
                    error={errors.sessionTimeout}
                    hint="Idle time before you are signed out, unless you chose Remember me."
                  />
                </div>
              </section>
              {user.hasPassword ? <ChangePasswordSection /> : null}
              <SessionsSection />
            </div>
          ) : null}

          {tab === 'preferences' ? (
            <fieldset>
              <legend className="mb-3 text-sm font-medium text-slate-800 dark:text-slate-200">Theme</legend>
              <div className="flex gap-3">
                {(['light', 'dark'] as const).map((value) => {
                  const checked = draft.preferences.theme === value;
                  const Icon = value === 'light' ? Sun : Moon;
                  return (
                    <label
                      key={value}
                      className={cn(
                        'flex cursor-pointer items-center gap-2 rounded-lg border px-4 py-3 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500',
                        checked
                          ? 'border-indigo-600 bg-indigo-50 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200'
                          : 'border-slate-300 text-slate-800 dark:border-slate-600 dark:text-slate-200',
                      )}
                    >
                      <input
                        type="radio"
                        name="theme"
                        value={value}
                        checked={checked}
                        className="sr-only"
                        onChange={() => {
                          setTheme(value);
                          setDraft((d) => ({ ...d, preferences: { ...d.preferences, theme: value } }));
                        }}
                      />
                      <Icon aria-hidden="true" className="size-4" />
                      {value === 'light' ? 'Light' : 'Dark'}
                    </label>
                  );
                })}
              </div>
            </fieldset>
          ) : null}
        </Tabs>
      </Card>

      <ResetAccountSection />

      <TwoFactorSetupModal setup={setup} onClose={() => setSetup(null)} />
      <TwoFactorDisableModal open={disableOpen} onClose={() => setDisableOpen(false)} />
    </div>
  );
}
