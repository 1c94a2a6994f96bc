import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { LiveNotifications } from '../../features/notifications/components/live-notifications';
import { AlertToasts } from '../../features/alerts/components/alert-toasts';
import { GlobalSearch } from '../../features/search/components/global-search';
import { OrderFillToasts } from '../../features/trading/components/order-fill-toasts';
import { ActivePortfolioProvider } from '../../lib/active-portfolio';
import { useAuth } from '../../lib/auth';
import { storage } from '../../lib/storage';
import { MOBILE_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { cn } from '../../lib/cn';
import { BottomNav } from './bottom-nav';
import { Header } from './header';
import { Sidebar } from './sidebar';
import { SaytrixLauncher } from './saytrix-launcher';
import { PageTransition } from './page-transition';
import { useTradingLiveSync } from '../../features/account/api/use-trading-live-sync';

/**
 * Signed-in frame: sidebar, header, content and (on phones) the bottom navigation. The active
 * portfolio lives here, not in the app's providers: only signed-in pages have one, and the public
 * pages' first paint stays without it.
 */
export function AppLayout() {
  return (
    <ActivePortfolioProvider>
      <AppFrame />
    </ActivePortfolioProvider>
  );
}

function AppFrame() {
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [collapsed, setCollapsed] = useState(() => storage.get('sidebarCollapsed') === 'true');
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();
  const { user } = useAuth();
  useTradingLiveSync();

  useEffect(() => setMobileOpen(false), [pathname, isMobile]);

  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setMobileOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobileOpen]);

  const toggle = () => {
    setCollapsed((c) => {
      storage.set('sidebarCollapsed', String(!c));
      return !c;
    });
  };

  return (
    <div className="min-h-screen">
      {user ? <LiveNotifications /> : null}
      {user ? <OrderFillToasts /> : null}
      {user ? <AlertToasts /> : null}
      {user ? <GlobalSearch /> : null}
      {user ? <SaytrixLauncher /> : null}
      <a
        href="#main-content"
        className="sr-only z-50 rounded bg-indigo-700 px-3 py-2 text-white focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        Skip to content
      </a>
      <Sidebar
        collapsed={collapsed}
        onToggle={toggle}
        isMobile={isMobile}
        mobileOpen={mobileOpen}
        onCloseMobile={() => setMobileOpen(false)}
      />
      {isMobile && mobileOpen ? (
        <div
          className="fixed inset-0 z-30 bg-slate-950/50"
          aria-hidden="true"
          data-testid="sidebar-overlay"
          onClick={() => setMobileOpen(false)}
        />
      ) : null}
      <div
        className={cn(
          'flex min-h-screen flex-col transition-[padding] duration-300',
          // Room at the foot of every page for what floats there, so scrolling to the end always
          // brings the last row clear of it: on phones the bottom navigation (4 rem) and the Saytrix
          // button above it (bottom 5 rem, 2.75 rem tall); elsewhere the button alone (bottom 1.5 rem).
          isMobile ? 'pb-32' : cn('pb-16', collapsed ? 'pl-20' : 'pl-[280px]'),
        )}
      >
        <Header isMobile={isMobile} onOpenMenu={() => setMobileOpen(true)} menuOpen={mobileOpen} />
        <main
          id="main-content"
          tabIndex={-1}
          className="mx-auto w-full max-w-7xl flex-1 p-4 focus:outline-none md:p-6"
        >
          <PageTransition />
        </main>
      </div>
      {isMobile ? <BottomNav /> : null}
    </div>
  );
}
