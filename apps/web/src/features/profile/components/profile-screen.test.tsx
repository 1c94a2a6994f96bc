import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderApp, signedInAs, stubFetch, testUser } from '../../../test/render';

describe('profile', () => {
  it('shows the joined line, locked avatar upload and edits with Cancel/Save Changes', async () => {
    signedInAs();
    stubFetch({
      'GET /api/auth/verify': () => ({ body: { success: true, user: testUser() } }),
      'PUT /api/user/profile': () => ({ body: { success: true, message: 'ok', user: testUser({ location: 'Mumbai' }) } }),
    });
    renderApp('/profile');
    expect(await screen.findByText(/Joined November 2025/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Avatar upload coming soon!' })).toBeDisabled();
    expect(screen.getByText('No trades yet')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Delhi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Location')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByLabelText('Location')).toHaveValue('');
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Mumbai' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(screen.getByText('Mumbai')).toBeInTheDocument();
  });
});
