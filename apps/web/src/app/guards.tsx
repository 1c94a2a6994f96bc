import { useEffect, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { Lock } from 'lucide-react';
import { Card } from '../components/ui/card';
import { LoadingScreen } from '../components/ui/spinner';
import { takeRedirectAfterLogin, useAuth } from '../lib/auth';
import { notify } from '../lib/notify';
import { storage } from '../lib/storage';

export const LOGIN_REQUIRED_MESSAGE = 'Please log in to access that page';

function SignInRequired() {
  const location = useLocation();
  const navigate = useNavigate();
  const { sessionEnd } = useAuth();

  useEffect(() => {
    // A deliberate logout or an expired session is not a visit to a locked page: no toast, and
    // the remembered path is cleared in those cases.
    if (sessionEnd === null) {
      storage.set('redirectAfterLogin', `${location.pathname}${location.search}${location.hash}`);
      notify.info(LOGIN_REQUIRED_MESSAGE, 'login-required');
    }
    void navigate(sessionEnd === 'expired' ? '/login?reason=session_expired' : '/login', { replace: true });
  }, [location.pathname, location.search, location.hash, navigate, sessionEnd]);

  return (
    <div className="flex min-h-screen items-center justify-center p-4">
      <Card className="max-w-sm text-center">
        <Lock aria-hidden="true" className="mx-auto mb-3 size-8 text-indigo-600" />
        <h1 className="text-lg font-semibold">Sign in required</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{LOGIN_REQUIRED_MESSAGE}</p>
        <div className="mt-4 flex justify-center gap-3">
          <Link to="/login" className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300">
            Sign In
          </Link>
          <Link to="/signup" className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300">
            Sign Up
          </Link>
        </div>
      </Card>
    </div>
  );
}

export function RequireAuth() {
  const { status } = useAuth();
  if (status === 'verifying') return <LoadingScreen label="Verifying authentication..." />;
  if (status === 'anonymous') return <SignInRequired />;
  return <Outlet />;
}

function RedirectAfterLogin() {
  const [target] = useState(() => {
    const path = storage.get('redirectAfterLogin');
    return path && path.startsWith('/') && !path.startsWith('//') ? path : '/dashboard';
  });
  useEffect(() => {
    takeRedirectAfterLogin();
  }, []);
  return <Navigate to={target} replace />;
}

/** Landing and the sign-in family: a signed-in visitor goes to the remembered path or /dashboard. */
export function PublicOnly() {
  const { status } = useAuth();
  if (status === 'verifying') return <LoadingScreen label="Loading Nivesh..." />;
  if (status === 'authenticated') return <RedirectAfterLogin />;
  return <Outlet />;
}
