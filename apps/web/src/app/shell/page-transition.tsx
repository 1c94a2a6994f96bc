import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../../components/ui/spinner';

/** The routed screen, re-keyed per path so each page plays the entry transition. */
export function PageTransition() {
  const { pathname } = useLocation();
  return (
    <div key={pathname} className="page-transition">
      <Suspense fallback={<LoadingScreen label="Loading..." />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
