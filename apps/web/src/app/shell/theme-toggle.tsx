import { Moon, Sun } from 'lucide-react';
import { useTheme } from '../../lib/theme';
import { useSaveThemePreference } from '../../features/settings/api/settings-api';

export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  const savePreference = useSaveThemePreference();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      onClick={() => {
        setTheme(next);
        savePreference(next);
      }}
      aria-label={next === 'dark' ? 'Switch to dark theme' : 'Switch to light theme'}
      title={next === 'dark' ? 'Switch to dark theme' : 'Switch to light theme'}
      className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      data-testid="theme-toggle"
    >
      {theme === 'dark' ? (
        <Sun aria-hidden="true" className="size-5" />
      ) : (
        <Moon aria-hidden="true" className="size-5" />
      )}
    </button>
  );
}
