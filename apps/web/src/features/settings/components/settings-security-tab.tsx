import { TextField } from '../../../components/ui/field';
import { Switch } from '../../../components/ui/switch';
import { ChangePasswordSection } from './change-password-section';
import { SessionsSection } from './sessions-section';
import type { SettingsScreenState } from './use-settings-screen';

/** Two-factor, login alerts, session timeout, password and sessions. */
export function SettingsSecurityTab({ s }: { s: SettingsScreenState }) {
  const { user, draft, setDraft, errors, enable2fa, setup, onTwoFactorToggle } = s;
  return (
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
  );
}
