import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Notification, NotificationListResponse } from '@nivesh/shared';
import {
  NotificationCache,
  LOCAL_NOTIFICATIONS_KEPT,
  flattenPages,
  matchesFilters,
  nextPageParam,
  notificationKeys,
  type ListData,
} from './notifications-cache';
import { batchMessage } from './notifications-api';

const note = (id: string, overrides: Partial<Notification> = {}): Notification => ({
  id,
  type: 'info',
  title: `Title ${id}`,
  message: `Message ${id}`,
  link: null,
  read: false,
  readAt: null,
  createdAt: '2025-11-03T10:00:00.000Z',
  data: null,
  ...overrides,
});

const page = (ids: string[], total: number, n = 1): NotificationListResponse => ({
  success: true,
  data: ids.map((id) => note(id)),
  pagination: { page: n, limit: 10, total, totalPages: Math.ceil(total / 10), hasMore: n * 10 < total },
});

const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => `n${from + i}`);

describe('notification cache', () => {
  it('batch messages name how many succeeded and failed', () => {
    expect(batchMessage('read', 3, 0)).toBe('3 notifications marked as read');
    expect(batchMessage('delete', 2, 1)).toBe('2 notifications deleted, 1 failed');
    expect(batchMessage('delete', 1, 0)).toBe('1 notification deleted');
    expect(batchMessage('read', 1, 0)).toBe('1 notification marked as read');
  });

  it('search matches title or message, case-insensitively', () => {
    expect(matchesFilters(note('a', { title: 'Order FILLED' }), { search: 'filled' })).toBe(true);
    expect(matchesFilters(note('a', { message: 'TCS crossed' }), { search: 'tcs' })).toBe(true);
    expect(matchesFilters(note('a'), { search: 'zzz' })).toBe(false);
    expect(matchesFilters(note('a', { read: true }), { read: false })).toBe(false);
  });

  it('asks for the page that starts at the first missing item after live inserts and removals', () => {
    const pages = [page(ids(0, 10), 25)];
    expect(nextPageParam(pages[0]!, pages)).toBe(2);
    // Three deleted: the server's page 2 now starts at what was item 13, so page 1 is asked again.
    const afterDelete = [page(ids(3, 7), 22)];
    expect(nextPageParam(afterDelete[0]!, afterDelete)).toBe(1);
    const done = [page(ids(0, 10), 10)];
    expect(nextPageParam(done[0]!, done)).toBeUndefined();
    expect(flattenPages({ pages: [page(['a', 'b'], 3), page(['b', 'c'], 3, 2)] }).map((n) => n.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it(`keeps at most ${LOCAL_NOTIFICATIONS_KEPT} live items, and unread never goes below zero`, () => {
    const client = new QueryClient();
    const cache = new NotificationCache(client, 'u1');
    const key = notificationKeys.list('u1', {});
    const pages = Array.from({ length: 5 }, (_, i) => page(ids(i * 10, 10), 80, i + 1));
    client.setQueryData<ListData>(key, { pages, pageParams: [1, 2, 3, 4, 5] });
    client.setQueryData(notificationKeys.unreadCount('u1'), { success: true, count: 1 });

    cache.add(note('live'));
    const items = flattenPages(client.getQueryData<ListData>(key));
    expect(items).toHaveLength(LOCAL_NOTIFICATIONS_KEPT);
    expect(items[0]?.id).toBe('live');
    expect(client.getQueryData(notificationKeys.unreadCount('u1'))).toEqual({ success: true, count: 2 });

    cache.markRead('live', note('live', { read: true, readAt: '2025-11-03T10:05:00.000Z' }));
    cache.markRead('live', note('live', { read: true, readAt: '2025-11-03T10:05:00.000Z' }));
    expect(client.getQueryData(notificationKeys.unreadCount('u1'))).toEqual({ success: true, count: 1 });
    cache.remove('n0');
    cache.remove('n0');
    expect(client.getQueryData(notificationKeys.unreadCount('u1'))).toEqual({ success: true, count: 0 });
    cache.remove('n1');
    expect(client.getQueryData(notificationKeys.unreadCount('u1'))).toEqual({ success: true, count: 0 });
  });
});
