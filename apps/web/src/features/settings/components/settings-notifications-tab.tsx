import type { NotificationSettings } from '@nivesh/shared';
import { Switch } from '../../../components/ui/switch';
import { COMING_WITH, isShipped, type ShippedFeature } from '../../../lib/shipped-features';
import type { SettingsScreenState } from './use-settings-screen';

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

/** One switch per notification kind; a kind whose feature has not shipped is shown off and disabled. */
export function SettingsNotificationsTab({ s }: { s: SettingsScreenState }) {
  const { draft, setDraft } = s;
  return (
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
  );
}
