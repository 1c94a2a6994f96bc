import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Notification } from '@nivesh/shared';
import { push } from '../../../test/fake-socket';
import { renderApp, signedInAs, stubFetch, testUser } from '../../../test/render';

const note = (id: string, overrides: Partial<Notification> = {}): Notification => ({
  id,
  type: 'success',
  title: `Title ${id}`,
  message: `Message ${id}`,
  link: null,
  read: false,
  readAt: null,
  createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  data: null,
  ...overrides,
});

function serve(notes: Notification[], count: number, extra: Parameters<typeof stubFetch>[0] = {}) {
  signedInAs();
  return stubFetch({
    'GET /api/auth/verify': () => ({ body: { success: true, user: testUser() } }),
    'GET /api/notifications?page=1&limit=10&sort=-createdAt': () => ({
      body: {
        success: true,
        data: notes,
        pagination: { page: 1, limit: 10, total: notes.length, totalPages: 1, hasMore: false },
      },
    }),
    'GET /api/notifications/unread-count': () => ({ body: { success: true, count } }),
    ...extra,
  });
}

describe('notification bell', () => {
  it('caps the badge at 99+ and says the real count in its name', async () => {
    serve([], 120);
    renderApp('/dashboard');
    const bell = await screen.findByRole('button', { name: 'Notifications, 120 unread' });
    expect(within(bell).getByTestId('unread-badge')).toHaveTextContent('99+');
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByText('99+')).toBeInTheDocument();
  });

  it('shows the connection state', async () => {
    serve([], 0);
    const { realtime } = renderApp('/dashboard');
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(bell).toHaveAccessibleDescription('Live updates: connecting');
    await realtime.accept();
    expect(bell).toHaveAccessibleDescription('Live updates: connected');
    act(() => realtime.latest.drop());
    expect(bell).toHaveAccessibleDescription('Live updates: disconnected');
  });

  it('opens the latest five, marks one read, and closes on Escape with focus back on the bell', async () => {
    const notes = Array.from({ length: 7 }, (_, i) => note(`n${i}`));
    serve(notes, 7, {
      'PUT /api/notifications/n0/read': () => ({
        body: {
          success: true,
          message: 'ok',
          data: note('n0', { read: true, readAt: new Date().toISOString() }),
        },
      }),
      'DELETE /api/notifications/n1': () => ({ body: { success: true, message: 'Notification deleted' } }),
    });
    renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 7 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(dialog).findByText('Title n0');
    expect(within(dialog).getAllByTestId('notification-row')).toHaveLength(5);
    expect(within(dialog).getAllByText('2h ago')).toHaveLength(5);
    expect(within(dialog).getByRole('link', { name: 'View all notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    expect(within(dialog).getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/settings?tab=notifications',
    );

    const first = within(dialog).getAllByTestId('notification-row')[0]!;
    fireEvent.click(within(first).getByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications, 6 unread' })).toBeInTheDocument();

    const second = within(dialog).getAllByTestId('notification-row')[1]!;
    fireEvent.click(within(second).getByRole('button', { name: 'Delete notification' }));
    expect(await screen.findByRole('button', { name: 'Notifications, 5 unread' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Title n1')).not.toBeInTheDocument();

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications, 5 unread' })).toHaveFocus();
  });

  it('is all caught up when there is nothing, and a live one appears in the open dropdown', async () => {
    serve([], 0);
    const { realtime } = renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(
      await within(dialog).findByText("You're all caught up! New notifications will appear here."),
    ).toBeInTheDocument();
    await push(() =>
      realtime.latest.emit(
        'notification',
        note('live', { title: 'Deposit received', createdAt: new Date().toISOString() }),
      ),
    );
    expect(within(dialog).getByText('Deposit received')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark all read' }));
  });
});
