import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@nivesh/shared';
import { DEFAULT_NOTIFICATION_SETTINGS, DEFAULT_PREFERENCES, DEFAULT_SECURITY_SETTINGS } from '@nivesh/shared';
import { setNavigator } from '../lib/api-client';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';
import { fakeSocketServer } from './fake-socket';

/**
 * Renders the real route map at `path`, with the real providers. The realtime server is a fake at
 * the socket boundary (`realtime.latest` is the tab's connection) so no test opens a real socket.
 */
export function renderApp(path: string | { pathname: string; state: unknown }) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator((to) => void router.navigate(to));
  const realtime = fakeSocketServer();
  const utils = render(
    <AppProviders socketFactory={realtime.factory}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
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

type Handler = (init: RequestInit | undefined) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

/** A fetch stub at the network boundary: routes are "METHOD /api/path". */
export function stubFetch(handlers: Record<string, Handler>) {
  const calls: Array<{ key: string; body: unknown }> = [];
  const fn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = `${init?.method ?? 'GET'} ${url}`;
    calls.push({ key, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const handler = handlers[key];
    if (!handler) return new Response(JSON.stringify({ success: false, message: 'Not found', code: 'NOT_FOUND' }), { status: 404 });
    const { status = 200, body } = await handler(init);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  globalThis.fetch = fn as typeof fetch;
  return calls;
}
