import { Link, useLocation } from 'react-router';
import { cn } from '../../lib/cn';
import { BOTTOM_NAV, isActive } from './nav-items';

export function BottomNav() {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label="Mobile"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
    >
      <ul className="grid auto-cols-fr grid-flow-col">
        {BOTTOM_NAV.map((item) => {
          const active = isActive(item, pathname);
          const Icon = item.icon;
          return (
            <li key={item.label}>
              <Link
                to={item.to}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex flex-col items-center gap-0.5 py-2 text-xs font-medium',
                  active ? 'text-indigo-700 dark:text-indigo-300' : 'text-slate-600 dark:text-slate-300',
                )}
              >
                <Icon aria-hidden="true" className="size-5" />
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
