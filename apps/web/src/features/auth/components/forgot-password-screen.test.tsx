import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderApp, stubFetch } from '../../../test/render';

describe('forgot password', () => {
  it('validates, clears the error while typing and shows Check Your Email', async () => {
    stubFetch({
      'POST /api/auth/forgot-password': () => ({
        body: {
          success: true,
          message: 'If an account exists for that email, a password reset link has been sent.',
        },
      }),
    });
    renderApp('/forgot-password');
    fireEvent.click(await screen.findByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    fireEvent.change(email, { target: { value: 'a' } });
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    fireEvent.change(email, { target: { value: 'asha@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    expect(screen.getByText('asha@example.com')).toBeInTheDocument();
    expect(await screen.findByText('Password reset instructions sent to your email')).toBeInTheDocument();
  });
});
