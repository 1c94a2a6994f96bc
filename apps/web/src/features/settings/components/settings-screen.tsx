import { Bell, Palette, Save, Shield, UserRound } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Tabs } from '../../../components/ui/tabs';
import { ResetAccountSection } from './reset-account-section';
import { SettingsNotificationsTab } from './settings-notifications-tab';
import { SettingsPreferencesTab } from './settings-preferences-tab';
import { SettingsProfileTab } from './settings-profile-tab';
import { SettingsSecurityTab } from './settings-security-tab';
import { TwoFactorDisableModal } from './two-factor-disable-modal';
import { TwoFactorSetupModal } from './two-factor-setup-modal';
import { useSettingsScreen } from './use-settings-screen';

const TABS = [
  { key: 'profile', label: 'Profile', icon: <UserRound aria-hidden="true" className="size-4" /> },
  { key: 'notifications', label: 'Notifications', icon: <Bell aria-hidden="true" className="size-4" /> },
  { key: 'security', label: 'Security', icon: <Shield aria-hidden="true" className="size-4" /> },
  { key: 'preferences', label: 'Preferences', icon: <Palette aria-hidden="true" className="size-4" /> },
] as const;

export function SettingsScreen() {
  const s = useSettingsScreen();
  const { tab, save } = s;

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
          onClick={s.onSave}
        >
          Save Changes
        </Button>
      </div>

      <Card>
        <Tabs label="Settings sections" tabs={TABS} active={tab} onChange={s.setTab}>
          {tab === 'profile' ? <SettingsProfileTab s={s} /> : null}

          {tab === 'notifications' ? <SettingsNotificationsTab s={s} /> : null}

          {tab === 'security' ? <SettingsSecurityTab s={s} /> : null}

          {tab === 'preferences' ? <SettingsPreferencesTab s={s} /> : null}
        </Tabs>
      </Card>

      <ResetAccountSection />

      <TwoFactorSetupModal setup={s.setup} onClose={() => s.setSetup(null)} />
      <TwoFactorDisableModal open={s.disableOpen} onClose={() => s.setDisableOpen(false)} />
    </div>
  );
}
