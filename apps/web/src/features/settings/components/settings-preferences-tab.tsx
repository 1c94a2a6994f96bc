import { Moon, Sun } from 'lucide-react';
import { cn } from '../../../lib/cn';
import type { SettingsScreenState } from './use-settings-screen';

/** Theme choice: applied at once, and saved with the draft. */
export function SettingsPreferencesTab({ s }: { s: SettingsScreenState }) {
  const { draft, setDraft, setTheme } = s;
  return (
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
  );
}
