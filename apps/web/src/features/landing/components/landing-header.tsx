import { Link } from 'react-router';
import { Menu, TrendingUp, X } from 'lucide-react';
import { cn } from '../../../lib/cn';
import {
  CLOSE_MENU_LABEL,
  HEADER_BASE,
  HEADER_SCROLLED,
  HEADER_TOP,
  MOBILE_MENU_ID,
  NAV,
  OPEN_MENU_LABEL,
} from './landing-chrome';
import { useLandingHeader } from './use-landing-header';

/**
 * The closed mobile menu and the icon not shown stay in the DOM, hidden: the prerendered
 * page's script (enhance-landing.ts) opens and closes them without React.
 */
export function LandingHeader() {
  const { scrolled, menuOpen, setMenuOpen } = useLandingHeader();

  return (
    <header
      data-scrolled={scrolled}
      data-landing-header=""
      className={cn(HEADER_BASE, scrolled ? HEADER_SCROLLED : HEADER_TOP)}
    >
      <nav aria-label="Primary" className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Link to="/" className="flex items-center gap-2 text-xl font-bold">
          <span className="inline-flex size-9 items-center justify-center rounded-lg bg-indigo-600 text-white">
            <TrendingUp aria-hidden="true" className="size-5" />
          </span>
          Nivesh
        </Link>
        <div className="hidden items-center gap-6 md:flex">
          {NAV.map(([href, label]) => (
            <a
              key={href}
              href={href}
              className="text-sm font-medium text-slate-700 hover:text-indigo-700 dark:text-slate-200 dark:hover:text-indigo-300"
            >
              {label}
            </a>
          ))}
          <Link
            to="/login"
            className="text-sm font-medium text-slate-700 hover:text-indigo-700 dark:text-slate-200"
          >
            Sign In
          </Link>
          <Link
            to="/signup"
            className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
          >
            Get Started
          </Link>
        </div>
        <button
          type="button"
          className="rounded-lg p-2 md:hidden"
          aria-label={menuOpen ? CLOSE_MENU_LABEL : OPEN_MENU_LABEL}
          aria-expanded={menuOpen}
          aria-controls={MOBILE_MENU_ID}
          onClick={() => setMenuOpen((o) => !o)}
        >
          <X aria-hidden="true" className={cn('size-6', !menuOpen && 'hidden')} data-menu-icon="close" />
          <Menu aria-hidden="true" className={cn('size-6', menuOpen && 'hidden')} data-menu-icon="open" />
        </button>
      </nav>
      <div
        id={MOBILE_MENU_ID}
        hidden={!menuOpen}
        className="border-t border-slate-200 bg-white px-4 py-3 md:hidden dark:border-slate-800 dark:bg-slate-900"
      >
        <ul className="space-y-1">
          {NAV.map(([href, label]) => (
            <li key={href}>
              <a
                href={href}
                onClick={() => setMenuOpen(false)}
                className="block rounded px-2 py-2 font-medium"
              >
                {label}
              </a>
            </li>
          ))}
          <li>
            <Link to="/login" className="block rounded px-2 py-2 font-medium">
              Sign In
            </Link>
          </li>
          <li>
            <Link
              to="/signup"
              className="mt-1 block rounded-lg bg-indigo-600 px-2 py-2 text-center font-semibold text-white"
            >
              Get Started
            </Link>
          </li>
        </ul>
      </div>
    </header>
  );
}
