import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp, stubFetch, testUser } from '../../../test/render';

describe('sign-up screen', () => {
  it('shows the required-field messages on an empty submit', async () => {
    stubFetch({ 'GET /api/auth/config': () => ({ body: { googleEnabled: false } }) });
    renderApp('/signup');
    fireEvent.click(await screen.findByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    expect(screen.getByText('You must accept the Terms of Service and Privacy Policy')).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('reports mismatched passwords and short names', async () => {
    stubFetch({ 'GET /api/auth/config': () => ({ body: { googleEnabled: false } }) });
    renderApp('/signup');
    fireEvent.change(await screen.findByLabelText('Full Name'), { target: { value: 'A' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abc' } });
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'abd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('changes the strength label as the password grows', async () => {
    stubFetch({ 'GET /api/auth/config': () => ({ body: { googleEnabled: false } }) });
    renderApp('/signup');
    const password = await screen.findByLabelText('Password');
    fireEvent.change(password, { target: { value: 'abc' } });
    expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute(
      'aria-valuetext',
      'Weak',
    );
    expect(screen.getByText('Weak')).toBeInTheDocument();
    fireEvent.change(password, { target: { value: 'abcdefgh' } });
    expect(screen.getByText('Medium')).toBeInTheDocument();
    fireEvent.change(password, { target: { value: 'Abcdefg1!' } });
    expect(screen.getByText('Strong')).toBeInTheDocument();
  });

  it('shows the Google button only when the server enables it', async () => {
    stubFetch({ 'GET /api/auth/config': () => ({ body: { googleEnabled: true } }) });
    renderApp('/signup');
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
  });

  it('shows a server field error under the field', async () => {
    stubFetch({
      'GET /api/auth/config': () => ({ body: { googleEnabled: false } }),
      'POST /api/auth/signup': () => ({
        status: 409,
        body: {
          success: false,
          message: 'Conflict',
          code: 'CONFLICT',
          errors: { email: 'An account with this email already exists' },
        },
      }),
    });
    renderApp('/signup');
    fireEvent.change(await screen.findByLabelText('Full Name'), { target: { value: 'Asha Rao' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Str0ng!pass' } });
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'Str0ng!pass' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    const errors = await screen.findAllByText('An account with this email already exists');
    expect(errors.length).toBeGreaterThanOrEqual(1);
  });

  it('creates the account, toasts and lands on the dashboard after a second', async () => {
    const user = testUser();
    const calls = stubFetch({
      'GET /api/auth/config': () => ({ body: { googleEnabled: false } }),
      'POST /api/auth/signup': () => ({
        status: 201,
        body: { success: true, message: 'Account created', token: 'tok', user },
      }),
    });
    const { router } = renderApp('/signup');
    fireEvent.change(await screen.findByLabelText('Full Name'), { target: { value: 'Asha Rao' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Asha@Example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Str0ng!pass' } });
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'Str0ng!pass' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Account created successfully!')).toBeInTheDocument();
    const body = calls.find((c) => c.key === 'POST /api/auth/signup')?.body as Record<string, string>;
    expect(body.email).toBe('asha@example.com');
    expect(body.username).toMatch(/^asha\d{4}$/);
    expect(router.state.location.pathname).toBe('/signup');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 2500 });
    expect(localStorage.getItem('token')).toBe('tok');
  });
});
