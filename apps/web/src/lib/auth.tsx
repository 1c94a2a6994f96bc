import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { messageResponseSchema, userSchema, verifyResponseSchema, type User } from '@nivesh/shared';
import { ApiError, apiRequest, goTo, onSessionExpired } from './api-client';
import { clearSession, storage } from './storage';
import { notify } from './notify';

export type AuthStatus = 'verifying' | 'authenticated' | 'anonymous';
/** Why the session ended, so guards do not treat a deliberate sign-out as a visit to a locked page. */
export type SessionEnd = 'logout' | 'expired' | null;

interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  sessionEnd: SessionEnd;
  signIn: (token: string, user: User) => void;
  updateUser: (user: User) => void;
  signOut: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

interface Restored {
  token: string | null;
  user: User | null;
}

function restoreSession(): Restored {
  const token = storage.get('token');
  const raw = storage.get('user');
  if (!token || !raw) {
    if (token || raw) storage.remove('token', 'user');
    return { token: null, user: null };
  }
  try {
    const parsed = userSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return { token, user: parsed.data };
  } catch {
    /* fall through: unparseable user */
  }
  storage.remove('token', 'user');
  return { token: null, user: null };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [initial] = useState(restoreSession);
  const [user, setUser] = useState<User | null>(initial.user);
  const [status, setStatus] = useState<AuthStatus>(initial.token ? 'verifying' : 'anonymous');
  const [sessionEnd, setSessionEnd] = useState<SessionEnd>(null);
  const verifyStarted = useRef(false);
  // Bumped by every local change of the user: a first verify that answers after one is older news.
  const userVersion = useRef(0);

  useEffect(
    () =>
      onSessionExpired(() => {
        setUser(null);
        setStatus('anonymous');
        setSessionEnd('expired');
      }),
    [],
  );

  useEffect(() => {
    if (!initial.token || verifyStarted.current) return;
    verifyStarted.current = true;
    const versionAtStart = userVersion.current;
    apiRequest('/auth/verify', { schema: verifyResponseSchema })
      .then((res) => {
        if (userVersion.current === versionAtStart) {
          storage.set('user', JSON.stringify(res.user));
          setUser(res.user);
        }
        setStatus('authenticated');
      })
      .catch((error: unknown) => {
        // 401 is handled by the api client's session-expiry path; anything else (server down,
        // network) keeps the saved session so a brief outage does not sign the user out.
        if (error instanceof ApiError && error.status === 401) return;
        setStatus('authenticated');
      });
  }, [initial.token]);

  const signIn = useCallback((token: string, next: User) => {
    storage.set('token', token);
    storage.set('user', JSON.stringify(next));
    setSessionEnd(null);
    userVersion.current += 1;
    setUser(next);
    setStatus('authenticated');
  }, []);

  const updateUser = useCallback((next: User) => {
    storage.set('user', JSON.stringify(next));
    userVersion.current += 1;
    setUser(next);
  }, []);

  const signOut = useCallback(() => {
    // The request reads the token synchronously, so local state can be cleared right after.
    void apiRequest('/auth/logout', {
      method: 'POST',
      schema: messageResponseSchema,
      skipSessionExpiry: true,
    }).catch(() => undefined);
    clearSession();
    setSessionEnd('logout');
    setUser(null);
    setStatus('anonymous');
    notify.success('Logged out successfully');
    goTo('/login');
  }, []);

  const value = useMemo(
    () => ({ status, user, sessionEnd, signIn, updateUser, signOut }),
    [status, user, sessionEnd, signIn, updateUser, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}

/** The signed-in user on screens behind the guard. */
export function useCurrentUser(): User {
  const { user } = useAuth();
  if (!user) throw new Error('useCurrentUser used outside a signed-in route');
  return user;
}

/** Reads and forgets the path remembered by the guard, so a sign-in returns the user where they were. */
export function takeRedirectAfterLogin(): string {
  const path = storage.get('redirectAfterLogin');
  storage.remove('redirectAfterLogin');
  return path && path.startsWith('/') && !path.startsWith('//') ? path : '/dashboard';
}
