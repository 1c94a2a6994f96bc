import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Menu, Search } from 'lucide-react';
import { Avatar } from '../../components/ui/avatar';
import { useAuth } from '../../lib/auth';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { openGlobalSearch } from '../../features/search/components/global-search';
import { ThemeToggle } from './theme-toggle';

// Not in the first paint: the switcher shows once the portfolio list has arrived anyway.
const PortfolioSwitcher = lazy(async () => ({
  default: (await import('./portfolio-switcher')).PortfolioSwitcher,
}));

export function Header({
  isMobile,
  onOpenMenu,
  menuOpen,
}: {
  isMobile: boolean;
  onOpenMenu: () => void;
  menuOpen: boolean;
}) {
  const { user } = useAuth();
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90 md:px-6">
      {isMobile ? (
        <button
          type="button"
          onClick={onOpenMenu}
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls="app-sidebar"
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          <Menu aria-hidden="true" className="size-5" />
        </button>
      ) : null}
      {user ? (
        <Suspense fallback={null}>
          <PortfolioSwitcher compact={isMobile} />
        </Suspense>
      ) : null}
      <p className="hidden text-sm font-medium text-slate-700 sm:block dark:text-slate-300">
        Virtual trading · no real money
      </p>
      <div className="ml-auto flex items-center gap-2">
        {user ? (
          <button
            type="button"
            onClick={openGlobalSearch}
            aria-label="Search stocks"
            aria-keyshortcuts="Control+K Meta+K"
            className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-1.5 text-sm text-slate-600 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <Search aria-hidden="true" className="size-4" />
            <span className="hidden sm:inline">Search</span>
            <kbd className="hidden rounded border border-slate-300 px-1 text-xs sm:inline dark:border-slate-600">
              Ctrl K
            </kbd>
          </button>
        ) : null}
        <ThemeToggle />
        {user ? <NotificationBell /> : null}
        {user ? (
          <Link to="/profile" className="rounded-full" aria-label={`Profile: ${user.fullName}`}>
            <Avatar name={user.fullName} src={user.avatar} size="sm" />
          </Link>
        ) : null}
      </div>
    </header>
  );
}
