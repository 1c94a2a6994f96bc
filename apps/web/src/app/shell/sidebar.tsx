import { Link, useLocation } from 'react-router';
import { ChevronsLeft, ChevronsRight, LogOut, TrendingUp, X } from 'lucide-react';
import { DEFAULT_ROLE } from '@nivesh/shared';
import { Avatar } from '../../components/ui/avatar';
import { SidebarUnreadBadge } from '../../features/notifications/components/unread-badge';
import { useAuth } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { useInstance } from '../../lib/instance';
import { ACCOUNT_NAV, MAIN_NAV, instanceNav, isActive, type NavItem } from './nav-items';

interface SidebarProps {
  collapsed: boolean;
  onToggle: () => void;
  isMobile: boolean;
  mobileOpen: boolean;
  onCloseMobile: () => void;
}

function SidebarLink({
  item,
  collapsed,
  onNavigate,
}: {
  item: NavItem;
  collapsed: boolean;
  onNavigate: () => void;
}) {
  const { pathname } = useLocation();
  const active = isActive(item, pathname);
  const Icon = item.icon;
  return (
    <li>
      <Link
        to={item.to}
        onClick={onNavigate}
        aria-current={active ? 'page' : undefined}
        title={collapsed ? item.label : undefined}
        className={cn(
          'relative flex items-center gap-3 rounded-lg px-3 py-1.5 text-sm font-medium transition-colors',
          collapsed && 'justify-center',
          active
            ? 'bg-indigo-600 text-white'
            : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
        )}
      >
        <Icon aria-hidden="true" className="size-5 shrink-0" />
        <span className={cn(collapsed && 'sr-only')}>{item.label}</span>
        {item.to === '/notifications' ? <SidebarUnreadBadge collapsed={collapsed} /> : null}
      </Link>
    </li>
  );
}

export function Sidebar({ collapsed, onToggle, isMobile, mobileOpen, onCloseMobile }: SidebarProps) {
  const { user, signOut } = useAuth();
  const instance = useInstance();
  // On phones the sidebar is a drawer: always full width when open, hidden otherwise.
  const narrow = isMobile ? false : collapsed;
  const onNavigate = () => {
    if (isMobile) onCloseMobile();
  };

  return (
    <aside
      id="app-sidebar"
      aria-label="Sidebar"
      className={cn(
        'fixed inset-y-0 left-0 z-40 flex flex-col border-r border-slate-200 bg-white transition-[width,transform] duration-300 dark:border-slate-800 dark:bg-slate-900',
        narrow ? 'w-20' : 'w-[280px]',
        isMobile && !mobileOpen && '-translate-x-full',
        isMobile && !mobileOpen && 'invisible',
      )}
    >
      <div
        className={cn(
          'flex h-16 items-center gap-2 border-b border-slate-200 px-4 dark:border-slate-800',
          narrow && 'justify-center px-2',
        )}
      >
        <Link
          to="/dashboard"
          onClick={onNavigate}
          className="flex items-center gap-2 text-xl font-bold text-slate-900 dark:text-white"
        >
          <span className="inline-flex size-9 items-center justify-center rounded-lg bg-indigo-600 text-white">
            <TrendingUp aria-hidden="true" className="size-5" />
          </span>
          <span className={cn(narrow && 'sr-only')}>Nivesh</span>
        </Link>
        {isMobile ? (
          <button
            type="button"
            onClick={onCloseMobile}
            aria-label="Close menu"
            className="ml-auto rounded-md p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        ) : null}
      </div>

      {user ? (
        <Link
          to="/profile"
          onClick={onNavigate}
          className={cn(
            'mx-3 my-2 flex items-center gap-3 rounded-xl bg-slate-100 px-3 py-2 hover:bg-slate-200 dark:bg-slate-800 dark:hover:bg-slate-700',
            narrow && 'justify-center p-2',
          )}
          data-testid="sidebar-user-card"
        >
          <Avatar name={user.fullName} src={user.avatar} size="sm" />
          <span className={cn('min-w-0', narrow && 'sr-only')}>
            <span className="block truncate text-sm font-semibold text-slate-900 dark:text-white">
              {user.fullName}
            </span>
            <span className="block truncate text-xs text-slate-600 dark:text-slate-300">
              {user.role || DEFAULT_ROLE}
            </span>
          </span>
        </Link>
      ) : null}

      {/* The account links and Logout are pinned below the scrolling list: on a short window they
          stay in view, and only the main list scrolls. */}
      <nav aria-label="Main" className="flex min-h-0 flex-1 flex-col">
        <ul className="min-h-0 flex-1 space-y-0.5 overflow-y-auto px-3 py-1" data-testid="sidebar-main-list">
          {instanceNav(MAIN_NAV, instance).map((item) => (
            <SidebarLink key={item.to} item={item} collapsed={narrow} onNavigate={onNavigate} />
          ))}
        </ul>
        <ul
          className="space-y-0.5 border-t border-slate-200 px-3 py-1.5 dark:border-slate-800"
          data-testid="sidebar-account-list"
        >
          {ACCOUNT_NAV.map((item) => (
            <SidebarLink key={item.to} item={item} collapsed={narrow} onNavigate={onNavigate} />
          ))}
          <li>
            <button
              type="button"
              onClick={signOut}
              data-testid="sidebar-logout"
              title={narrow ? 'Logout' : undefined}
              className={cn(
                'flex w-full items-center gap-3 rounded-lg px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950',
                narrow && 'justify-center',
              )}
            >
              <LogOut aria-hidden="true" className="size-5 shrink-0" />
              <span className={cn(narrow && 'sr-only')}>Logout</span>
            </button>
          </li>
        </ul>
      </nav>

      <div
        className={cn(
          'flex items-center gap-2 border-t border-slate-200 px-3 py-1.5 dark:border-slate-800',
          narrow ? 'flex-col' : 'justify-between',
        )}
      >
        <p className={cn('text-xs text-slate-600 dark:text-slate-400', narrow && 'sr-only')}>
          Nivesh v{__APP_VERSION__} · Paper trading
        </p>
        {!isMobile ? (
          <button
            type="button"
            onClick={onToggle}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            aria-controls="app-sidebar"
            className="rounded-md p-1.5 text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            {collapsed ? (
              <ChevronsRight aria-hidden="true" className="size-5" />
            ) : (
              <ChevronsLeft aria-hidden="true" className="size-5" />
            )}
          </button>
        ) : null}
      </div>
    </aside>
  );
}
