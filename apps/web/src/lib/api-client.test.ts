import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageResponseSchema } from '@nivesh/shared';
import {
  apiRequest,
  ApiError,
  setNavigator,
  NETWORK_ERROR_MESSAGE,
  SERVICE_UNAVAILABLE_MESSAGE,
} from './api-client';

const respond = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

describe('apiRequest', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('sends the bearer token and parses with the given schema', async () => {
    localStorage.setItem('token', 'abc');
    const fetchMock = respond(200, { success: true, message: 'ok' });
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/thing', { schema: messageResponseSchema })).resolves.toEqual({
      success: true,
      message: 'ok',
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/thing');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc');
  });

  it('on 401 clears the session and sends the user to the expired-session login', async () => {
    window.history.replaceState(null, '', '/settings');
    localStorage.setItem('token', 'abc');
    localStorage.setItem('user', '{}');
    localStorage.setItem('redirectAfterLogin', '/orders');
    localStorage.setItem('theme', 'dark');
    const navigate = vi.fn();
    setNavigator(navigate);
    vi.stubGlobal(
      'fetch',
      respond(401, { success: false, message: 'Session expired', code: 'UNAUTHORIZED' }),
    );

    await expect(apiRequest('/auth/sessions', { schema: messageResponseSchema })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('redirectAfterLogin')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(navigate).toHaveBeenCalledWith('/login?reason=session_expired');
  });

  it('does not sign out on a 401 from the login call itself', async () => {
    localStorage.setItem('token', 'abc');
    const navigate = vi.fn();
    setNavigator(navigate);
    vi.stubGlobal(
      'fetch',
      respond(401, { success: false, message: 'Invalid email or password', code: 'UNAUTHORIZED' }),
    );
    await expect(
      apiRequest('/auth/login', {
        method: 'POST',
        body: {},
        schema: messageResponseSchema,
        skipSessionExpiry: true,
      }),
    ).rejects.toMatchObject({
      message: 'Invalid email or password',
      status: 401,
    });
    expect(localStorage.getItem('token')).toBe('abc');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not navigate when the 401 happens on /login', async () => {
    window.history.replaceState(null, '', '/login');
    const navigate = vi.fn();
    setNavigator(navigate);
    vi.stubGlobal('fetch', respond(401, { success: false, message: 'x', code: 'UNAUTHORIZED' }));
    await expect(apiRequest('/auth/verify', { schema: messageResponseSchema })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(navigate).not.toHaveBeenCalled();
  });

  it('maps 5xx to the service-unavailable message', async () => {
    vi.stubGlobal('fetch', respond(503, { oops: true }));
    await expect(apiRequest('/x', { schema: messageResponseSchema })).rejects.toMatchObject({
      message: SERVICE_UNAVAILABLE_MESSAGE,
      code: 'SERVICE_UNAVAILABLE',
    });
  });

  it('maps a network failure to the network message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/x', { schema: messageResponseSchema })).rejects.toMatchObject({
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('carries field errors of a validation failure', async () => {
    vi.stubGlobal(
      'fetch',
      respond(409, {
        success: false,
        message: 'Email taken',
        code: 'CONFLICT',
        errors: { email: 'An account with this email already exists' },
      }),
    );
    await expect(
      apiRequest('/auth/signup', {
        method: 'POST',
        body: {},
        schema: messageResponseSchema,
        skipSessionExpiry: true,
      }),
    ).rejects.toMatchObject({
      status: 409,
      fieldErrors: { email: 'An account with this email already exists' },
    });
  });
});
