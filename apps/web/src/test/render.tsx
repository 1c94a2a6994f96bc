import { act, render } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router';
import type { User } from '@nivesh/shared';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_PREFERENCES,
  DEFAULT_SECURITY_SETTINGS,
} from '@nivesh/shared';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/router';
import { fakeSocketServer } from './fake-socket';

// Every chunk the app loads lazily (screens, the frame, dialogs opened on demand, the toast library).
// Importing them once here keeps their one-time module transform — seconds on a busy machine — out
// of the tests' time limits; the components still load through React.lazy as they do in the browser.
await Promise.all([
  import('../app/shell/app-layout'),
  import('../app/shell/portfolio-switcher'),
  import('../app/routes/dashboard-route'),
  import('../app/routes/trading-route'),
  import('../app/routes/portfolio-route'),
  import('../app/routes/watchlist-route'),
  import('../app/routes/stock-route'),
  import('../app/routes/charts-route'),
  import('../app/routes/saytrix-route'),
  import('../app/routes/saytrix-panel'),
  import('../features/search/components/search-dialog'),
  import('../features/notifications/components/bell-panel'),
  import('../features/dashboard/components/quick-buy-modal'),
  import('../features/agent/components/agent-screen'),
  import('../features/options/components/options-screen'),
  import('../components/ui/modal'),
  import('sonner'),
]);

/** What tests read and drive: the current location and a navigate call, as a router would offer. */
export interface TestRouter {
  state: { location: Location };
  navigate: (to: string) => Promise<void>;
}

function RouterProbe({
  router,
}: {
  router: { state: { location: Location | null }; go: NavigateFunction | null };
}) {
  router.state.location = useLocation();
  router.go = useNavigate();
  return null;
}

/**
 * Renders the real route map at `path`, with the real providers. The realtime server is a fake at
 * the socket boundary (`realtime.latest` is the tab's connection) so no test opens a real socket.
 */
export function renderApp(path: string | { pathname: string; state: unknown }) {
  const probe: { state: { location: Location | null }; go: NavigateFunction | null } = {
    state: { location: null },
    go: null,
  };
  const realtime = fakeSocketServer();
  const utils = render(
    <AppProviders socketFactory={realtime.factory}>
      <MemoryRouter initialEntries={[path]}>
        <RouterProbe router={probe} />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  const router: TestRouter = {
    get state() {
      if (!probe.state.location) throw new Error('the router has not rendered');
      return { location: probe.state.location };
    },
    navigate: async (to) => {
      if (!probe.go) throw new Error('the router has not rendered');
      await act(async () => {
        await probe.go!(to);
      });
    },
  };
  return { ...utils, router, realtime };
}

export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    username: 'asha1234',
    email: 'asha@example.com',
    fullName: 'Asha Rao',
    firstName: 'Asha',
    lastName: 'Rao',
    phoneNumber: '',
    location: '',
    bio: '',
    avatar: null,
    role: 'Member',
    twoFactorEnabled: false,
    hasPassword: true,
    googleLinked: false,
    createdAt: '2025-11-03T10:00:00.000Z',
    virtualMoney: { balance: 10000 },
    notificationSettings: { ...DEFAULT_NOTIFICATION_SETTINGS },
    securitySettings: { ...DEFAULT_SECURITY_SETTINGS },
    preferences: { ...DEFAULT_PREFERENCES },
    ...overrides,
  };
}

export function signedInAs(user: User = testUser()) {
  localStorage.setItem('token', 'test-token');
  localStorage.setItem('user', JSON.stringify(user));
  return user;
}

type Handler = (
  init: RequestInit | undefined,
) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

/** A fetch stub at the network boundary: routes are "METHOD /api/path". */
export function stubFetch(handlers: Record<string, Handler>) {
  const calls: Array<{ key: string; body: unknown }> = [];
  const fn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = `${init?.method ?? 'GET'} ${url}`;
    calls.push({ key, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const handler = handlers[key];
    if (!handler)
      return new Response(JSON.stringify({ success: false, message: 'Not found', code: 'NOT_FOUND' }), {
        status: 404,
      });
    const { status = 200, body } = await handler(init);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  globalThis.fetch = fn as typeof fetch;
  return calls;
}
