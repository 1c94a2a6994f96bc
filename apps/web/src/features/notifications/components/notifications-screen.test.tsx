import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Notification } from '@nivesh/shared';
import { push } from '../../../test/fake-socket';
import { renderApp, signedInAs, stubFetch, testUser } from '../../../test/render';

const LIST = 'GET /api/notifications?page=1&limit=10&sort=-createdAt';
const COUNT = 'GET /api/notifications/unread-count';

function note(id: string, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    type: 'info',
    title: `Title ${id}`,
    message: `Message ${id}`,
    link: null,
    read: false,
    readAt: null,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    data: null,
    ...overrides,
  };
}

function listBody(data: Notification[], total = data.length, page = 1) {
  const totalPages = Math.ceil(total / 10);
  return {
    body: {
      success: true,
      data,
      pagination: { page, limit: 10, total, totalPages, hasMore: page < totalPages },
    },
  };
}

function serve(notes: Notification[], extra: Parameters<typeof stubFetch>[0] = {}, user = testUser()) {
  signedInAs(user);
  return stubFetch({
    'GET /api/auth/verify': () => ({ body: { success: true, user } }),
    [LIST]: () => listBody(notes),
    [COUNT]: () => ({ body: { success: true, count: notes.filter((n) => !n.read).length } }),
    ...extra,
  });
}

const rows = () =>
  within(screen.getByRole('list', { name: 'Notifications list' })).getAllByTestId('notification-row');

describe('notifications screen', () => {
  it('shows LIVE only while the realtime connection is up', async () => {
    serve([note('a')]);
    const { realtime } = renderApp('/notifications');
    const status = await screen.findByTestId('connection-status');
    expect(status).toHaveTextContent('OFFLINE');
    await realtime.accept();
    expect(status).toHaveTextContent('LIVE');
    act(() => realtime.latest.drop());
    expect(status).toHaveTextContent('OFFLINE');
    expect(realtime.latest.token).toBe('test-token');
  });

  it('a live notification goes first, raises the unread count and pops up a toast', async () => {
    serve([note('a', { title: 'Order filled' })]);
    const { realtime } = renderApp('/notifications');
    await screen.findByText('Order filled');
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    await realtime.accept();

    await push(() =>
      realtime.latest.emit(
        'notification',
        note('b', { type: 'alert', title: 'Price alert: TCS', createdAt: new Date().toISOString() }),
      ),
    );
    expect(rows()[0]).toHaveTextContent('Price alert: TCS');
    expect(rows()[0]).toHaveTextContent('Just now');
    expect(rows()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(screen.getByTestId('unread-summary')).toHaveTextContent('2 unread');
    expect(screen.getByRole('link', { name: 'Notifications, 2 unread' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    expect(await screen.findByText('Price alert: TCS', { selector: '[data-title]' })).toBeInTheDocument();

    // The same event twice (another tab's refetch raced it) neither duplicates nor double counts.
    await push(() =>
      realtime.latest.emit('notification', note('b', { type: 'alert', title: 'Price alert: TCS' })),
    );
    expect(rows()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });

  it('does not toast a live notification when push notifications are off', async () => {
    const user = testUser({
      notificationSettings: { ...testUser().notificationSettings, pushNotifications: false },
    });
    serve([], {}, user);
    const { realtime } = renderApp('/notifications');
    await screen.findByText("You're all caught up! New notifications will appear here.");
    await push(() => realtime.latest.emit('notification', note('b', { title: 'Quiet one' })));
    expect(rows()[0]).toHaveTextContent('Quiet one');
    expect(screen.queryByText('Quiet one', { selector: '[data-title]' })).not.toBeInTheDocument();
  });

  it('removes a row deleted in another tab and keeps unread in step with read events', async () => {
    serve([
      note('a', { title: 'First' }),
      note('b', { title: 'Second' }),
      note('c', { title: 'Third', read: true, readAt: new Date().toISOString() }),
    ]);
    const { realtime } = renderApp('/notifications');
    await screen.findByText('First');
    await waitFor(() => expect(screen.getByTestId('unread-summary')).toHaveTextContent('2 unread'));

    await push(() =>
      realtime.latest.emit('notification-update', { id: 'a', change: 'deleted', notification: null }),
    );
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByTestId('unread-summary')).toHaveTextContent('1 unread');

    // Deleting a read one leaves the count alone.
    await push(() =>
      realtime.latest.emit('notification-update', { id: 'c', change: 'deleted', notification: null }),
    );
    expect(screen.getByTestId('unread-summary')).toHaveTextContent('1 unread');

    const readAt = new Date().toISOString();
    await push(() =>
      realtime.latest.emit('notification-update', {
        id: 'b',
        change: 'read',
        notification: note('b', { title: 'Second', read: true, readAt }),
      }),
    );
    expect(screen.getByTestId('unread-summary')).toHaveTextContent('0 unread');
    expect(within(rows()[0]!).queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument();
    // A repeated read event never takes the count below zero.
    await push(() =>
      realtime.latest.emit('notification-update', {
        id: 'b',
        change: 'read',
        notification: note('b', { read: true, readAt }),
      }),
    );
    expect(screen.getByTestId('unread-summary')).toHaveTextContent('0 unread');
    expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
  });

  it('read-all from another tab clears every unread marker and the badge', async () => {
    serve([note('a'), note('b')]);
    const { realtime } = renderApp('/notifications');
    await screen.findByText('Title a');
    expect(await screen.findByRole('button', { name: 'Mark all read' })).toBeInTheDocument();
    await push(() =>
      realtime.latest.emit('notifications-read-all', { count: 2, readAt: new Date().toISOString() }),
    );
    expect(screen.queryAllByTestId('unread-marker')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
  });

  it('batch mark-as-read reports failures, clears the selection and leaves select mode', async () => {
    const calls = serve([note('a'), note('b'), note('c')], {
      'PUT /api/notifications/a/read': () => ({
        body: {
          success: true,
          message: 'ok',
          data: note('a', { read: true, readAt: new Date().toISOString() }),
        },
      }),
      'PUT /api/notifications/b/read': () => ({
        body: {
          success: true,
          message: 'ok',
          data: note('b', { read: true, readAt: new Date().toISOString() }),
        },
      }),
      'PUT /api/notifications/c/read': () => ({ status: 500, body: {} }),
    });
    renderApp('/notifications');
    await screen.findByText('Title a');
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Title b' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    fireEvent.click(within(screen.getByTestId('bulk-bar')).getByRole('button', { name: 'Mark as read' }));

    expect(await screen.findByText('2 notifications marked as read, 1 failed')).toBeInTheDocument();
    expect(screen.queryByTestId('bulk-bar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select' })).toBeInTheDocument();
    expect(screen.getByTestId('unread-summary')).toHaveTextContent('1 unread');
    expect(calls.filter((c) => c.key.startsWith('PUT'))).toHaveLength(3);
  });

  it('batch delete removes the rows', async () => {
    serve([note('a'), note('b')], {
      'DELETE /api/notifications/a': () => ({ body: { success: true, message: 'Notification deleted' } }),
      'DELETE /api/notifications/b': () => ({ body: { success: true, message: 'Notification deleted' } }),
    });
    renderApp('/notifications');
    await screen.findByText('Title a');
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('2 notifications deleted')).toBeInTheDocument();
    expect(screen.getByText('No notifications found')).toBeInTheDocument();
  });

  it('empty states: caught up without filters, a hint to adjust them when filtering', async () => {
    serve([], {
      'GET /api/notifications?page=1&limit=10&sort=-createdAt&search=zzz': () => listBody([]),
      'GET /api/notifications?page=1&limit=10&sort=-createdAt&type=alert&read=false': () => listBody([]),
    });
    renderApp('/notifications');
    expect(await screen.findByText('No notifications found')).toBeInTheDocument();
    expect(screen.getByText("You're all caught up! New notifications will appear here.")).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Search notifications'), { target: { value: 'zzz' } });
    expect(await screen.findByText('Try adjusting your search or filters')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Search notifications'), { target: { value: '' } });
    await screen.findByText("You're all caught up! New notifications will appear here.");
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'alert' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'unread' } });
    expect(await screen.findByText('Try adjusting your search or filters')).toBeInTheDocument();
  });

  it('shows the error panel and recovers with Try again', async () => {
    let fail = true;
    serve([], {
      [LIST]: () => (fail ? { status: 503, body: {} } : listBody([note('a', { title: 'Back again' })])),
    });
    renderApp('/notifications');
    expect(
      await screen.findByText('Failed to load notifications', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Service temporarily unavailable. Please try again later.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  }, 15_000);

  it('Load More appends the next page and a reconnect refetches what was missed', async () => {
    const first = Array.from({ length: 10 }, (_, i) => note(`p1-${i}`));
    const calls = serve(first, {
      [LIST]: () => listBody(first, 12),
      'GET /api/notifications?page=2&limit=10&sort=-createdAt': () =>
        listBody([note('p2-0'), note('p2-1')], 12, 2),
    });
    const { realtime } = renderApp('/notifications');
    await screen.findByText('Title p1-0');
    await realtime.accept();
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await screen.findByText('Title p2-1');
    expect(rows()).toHaveLength(12);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument());

    const listCalls = () => calls.filter((c) => c.key === LIST).length;
    const before = listCalls();
    act(() => realtime.latest.drop());
    act(() => realtime.latest.acceptConnection());
    await waitFor(() => expect(listCalls()).toBe(before + 1));
  });

  it('links a title only to a path inside the app, never to a link a browser resolves off-site', async () => {
    serve([
      note('a', { title: 'Inside', link: '/orders?tab=open' }),
      note('b', { title: 'Backslash', link: '/\\evil.example/x' }),
      note('c', { title: 'Protocol-relative', link: '//evil.example' }),
    ]);
    renderApp('/notifications');
    expect(await screen.findByRole('link', { name: 'Inside' })).toHaveAttribute('href', '/orders?tab=open');
    expect(screen.getByText('Backslash')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Backslash' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Protocol-relative' })).toBeNull();
    for (const link of screen.getAllByRole('link')) {
      expect(new URL(link.getAttribute('href') ?? '', window.location.href).origin).toBe(
        window.location.origin,
      );
    }
  });

  it('the Settings button opens the notification settings tab', async () => {
    serve([]);
    renderApp('/notifications');
    fireEvent.click(await screen.findByRole('link', { name: 'Notification settings' }));
    expect(await screen.findByRole('tab', { name: 'Notifications', selected: true })).toBeInTheDocument();
  });
});
