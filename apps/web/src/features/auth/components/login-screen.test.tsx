import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp, stubFetch, testUser } from '../../../test/render';

const config = { 'GET /api/auth/config': () => ({ body: { googleEnabled: false } }) };

describe('login screen', () => {
  it('shows the required-field messages on an empty submit', async () => {
    stubFetch(config);
    renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('shows the session-expired banner', async () => {
    stubFetch(config);
    renderApp('/login?reason=session_expired');
    expect(await screen.findByText('Your session expired, please sign in again')).toBeInTheDocument();
  });

  it('shows the server message on bad credentials', async () => {
    stubFetch({
      ...config,
      'POST /api/auth/login': () => ({
        status: 401,
        body: { success: false, message: 'Invalid email or password', code: 'UNAUTHORIZED' },
      }),
    });
    renderApp('/login');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(await screen.findByText('Invalid credentials. Please try again.')).toBeInTheDocument();
  });

  it('asks for the 2FA code, then signs in to the remembered page', async () => {
    localStorage.setItem('redirectAfterLogin', '/profile');
    const user = testUser({ twoFactorEnabled: true });
    stubFetch({
      ...config,
      'POST /api/auth/login': () => ({
        body: { success: true, requiresTwoFactor: true, email: 'a@b.co', message: 'Enter your code' },
      }),
      'POST /api/auth/verify-2fa': () => ({
        body: { success: true, message: 'Login successful', token: 'tok', user },
      }),
    });
    const { router } = renderApp('/login');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    const code = await screen.findByLabelText('Authentication code');
    expect(screen.getByText('a@b.co')).toBeInTheDocument();
    const verify = screen.getByRole('button', { name: 'Verify Code' });
    fireEvent.change(code, { target: { value: '12a3' } });
    expect(code).toHaveValue('123');
    expect(verify).toBeDisabled();
    fireEvent.change(code, { target: { value: '123456' } });
    expect(verify).toBeEnabled();
    fireEvent.click(verify);
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(localStorage.getItem('redirectAfterLogin')).toBeNull();
  });

  it('Cancel on the 2FA step returns to the form; recovery codes switch the input', async () => {
    stubFetch({
      ...config,
      'POST /api/auth/login': () => ({
        body: { success: true, requiresTwoFactor: true, email: 'a@b.co', message: 'Enter your code' },
      }),
    });
    renderApp('/login');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    const recovery = screen.getByLabelText('Recovery code');
    fireEvent.change(recovery, { target: { value: 'ab3d5-x9k2m' } });
    expect(screen.getByRole('button', { name: 'Verify Code' })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});
