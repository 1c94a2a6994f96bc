import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp, signedInAs, stubFetch, testUser } from '../test/render';

describe('route guards', () => {
  it('sends an anonymous visitor to /login and remembers the page', async () => {
    stubFetch({ 'GET /api/auth/config': () => ({ body: { googleEnabled: false } }) });
    const { router } = renderApp('/settings?tab=security');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('redirectAfterLogin')).toBe('/settings?tab=security');
    expect(await screen.findByText('Please log in to access that page')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('shows Verifying authentication... while the saved token is checked', async () => {
    signedInAs();
    let release: () => void = () => undefined;
    stubFetch({
      'GET /api/auth/verify': () =>
        new Promise((resolve) => {
          release = () => resolve({ body: { success: true, user: testUser({ firstName: 'Verified' }) } });
        }),
    });
    renderApp('/dashboard');
    expect(screen.getByText('Verifying authentication...')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: /Verified/ })).toBeInTheDocument();
  });

  it('sends a signed-in visitor away from /login to the dashboard', async () => {
    signedInAs();
    stubFetch({ 'GET /api/auth/verify': () => ({ body: { success: true, user: testUser() } }) });
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('clears an unparseable saved user', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('user', '{not json');
    stubFetch({ 'GET /api/auth/config': () => ({ body: { googleEnabled: false } }) });
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('signs out to the expired-session login when verify answers 401', async () => {
    signedInAs();
    stubFetch({
      'GET /api/auth/verify': () => ({
        status: 401,
        body: { success: false, message: 'Session expired', code: 'UNAUTHORIZED' },
      }),
      'GET /api/auth/config': () => ({ body: { googleEnabled: false } }),
    });
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?reason=session_expired');
    expect(await screen.findByText('Your session expired, please sign in again')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('follows aliases and shows the 404 page', async () => {
    stubFetch({});
    const { router } = renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: '404 - Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Home' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    await router.navigate('/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('logs out from the sidebar', async () => {
    signedInAs();
    stubFetch({
      'GET /api/auth/verify': () => ({ body: { success: true, user: testUser() } }),
      'POST /api/auth/logout': () => ({ body: { success: true, message: 'Logged out' } }),
      'GET /api/auth/config': () => ({ body: { googleEnabled: false } }),
    });
    const { router } = renderApp('/dashboard');
    (await screen.findByTestId('sidebar-logout')).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('redirectAfterLogin')).toBeNull();
  });
});
