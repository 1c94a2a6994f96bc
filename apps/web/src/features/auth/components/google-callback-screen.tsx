import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingScreen } from '../../../components/ui/spinner';
import { takeRedirectAfterLogin, useAuth } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { exchangeGoogleCode } from '../api/auth-api';

const FAILED = 'Google authentication failed. Please try again.';

export function GoogleCallbackScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  // The one-time code is single use; StrictMode's double effect must not spend it twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    if (params.get('error') || !code) {
      notify.error(FAILED);
      void navigate('/login', { replace: true });
      return;
    }
    void exchangeGoogleCode(code)
      .then((res) => {
        signIn(res.token, res.user);
        notify.success(res.isNewUser ? `Welcome to Nivesh, ${res.user.fullName}!` : 'Welcome back!');
        void navigate(takeRedirectAfterLogin(), { replace: true });
      })
      .catch(() => {
        notify.error(FAILED);
        void navigate('/login', { replace: true });
      });
  }, [params, navigate, signIn]);

  return <LoadingScreen label="Completing Google sign-in..." />;
}
