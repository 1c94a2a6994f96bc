import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Notification, NotificationListResponse, NotificationType } from '@nivesh/shared';

/** At most 50 notifications are kept locally unless the user loads more. */
export const LOCAL_NOTIFICATIONS_KEPT = 50;

export interface NotificationFilters {
  type?: NotificationType;
  read?: boolean;
  search?: string;
}

export type ListData = InfiniteData<NotificationListResponse, number>;

/** Keys carry the user id so a second account signed in on this tab never sees the first one's cache. */
export const notificationKeys = {
  all: (userId: string) => ['notifications', userId] as const,
  lists: (userId: string) => ['notifications', userId, 'list'] as const,
  list: (userId: string, filters: NotificationFilters) => ['notifications', userId, 'list', filters] as const,
  unreadCount: (userId: string) => ['notifications', userId, 'unread-count'] as const,
};

/** Drops empty values so equal filters share one cache entry. */
export function normaliseFilters(filters: NotificationFilters): NotificationFilters {
  const out: NotificationFilters = {};
  if (filters.type) out.type = filters.type;
  if (filters.read !== undefined) out.read = filters.read;
  const search = filters.search?.trim();
  if (search) out.search = search;
  return out;
}

export function isFiltering(filters: NotificationFilters): boolean {
  return Object.keys(normaliseFilters(filters)).length > 0;
}

/** The server's rule: case-insensitive substring of title or message. */
export function matchesFilters(n: Notification, filters: NotificationFilters): boolean {
  if (filters.type && n.type !== filters.type) return false;
  if (filters.read !== undefined && n.read !== filters.read) return false;
  if (filters.search) {
    const needle = filters.search.toLowerCase();
    if (!n.title.toLowerCase().includes(needle) && !n.message.toLowerCase().includes(needle)) return false;
  }
  return true;
}

/** Pages can overlap after live inserts shift the server's offsets, so items are unique by id. */
export function flattenPages(data: { pages: NotificationListResponse[] } | undefined): Notification[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: Notification[] = [];
  for (const page of data.pages) {
    for (const n of page.data) {
      if (seen.has(n.id)) continue;
      seen.add(n.id);
      out.push(n);
    }
  }
  return out;
}

/**
 * The next page to ask for. The loaded items always form a prefix of the server's ordering (live
 * inserts go first, removals leave no gap), so the page that starts at or before the first
 * missing item is `floor(loaded / limit) + 1`; overlap with what is loaded is dropped by id.
 */
export function nextPageParam(
  lastPage: NotificationListResponse,
  pages: NotificationListResponse[],
): number | undefined {
  const loaded = flattenPages({ pages }).length;
  if (loaded >= lastPage.pagination.total) return undefined;
  return Math.floor(loaded / lastPage.pagination.limit) + 1;
}

function filtersOf(key: QueryKey): NotificationFilters {
  return (key[3] ?? {}) as NotificationFilters;
}

function mapPages(
  data: ListData,
  fn: (items: Notification[]) => Notification[],
  totalDelta: number,
): ListData {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      data: fn(page.data),
      pagination: { ...page.pagination, total: Math.max(0, page.pagination.total + totalDelta) },
    })),
  };
}

// Ids removed recently: the HTTP reply and the socket event both report a deletion, and only the
// first may lower the unread count.
const recentlyRemoved = new WeakMap<QueryClient, Set<string>>();

function removedSet(client: QueryClient): Set<string> {
  let set = recentlyRemoved.get(client);
  if (!set) {
    set = new Set();
    recentlyRemoved.set(client, set);
  }
  return set;
}

/** Applies a notification's transitions (new, read, deleted, all read) to every cached list and the unread count. */
export class NotificationCache {
  constructor(
    private readonly client: QueryClient,
    private readonly userId: string,
  ) {}

  private lists() {
    return this.client.getQueriesData<ListData>({ queryKey: notificationKeys.lists(this.userId) });
  }

  private find(id: string): Notification | undefined {
    for (const [, data] of this.lists()) {
      const hit = data?.pages.flatMap((p) => p.data).find((n) => n.id === id);
      if (hit) return hit;
    }
    return undefined;
  }

  private adjustUnread(delta: number): void {
    this.client.setQueryData<{ success: true; count: number }>(
      notificationKeys.unreadCount(this.userId),
      (old) => (old ? { ...old, count: Math.max(0, old.count + delta) } : old),
    );
  }

  private refreshUnread(): void {
    void this.client.invalidateQueries({ queryKey: notificationKeys.unreadCount(this.userId) });
  }

  /** A new notification goes first in every list it belongs to and raises unread if unread. */
  add(n: Notification): void {
    const known = this.find(n.id) !== undefined;
    for (const [key, data] of this.lists()) {
      if (!data || data.pages.length === 0 || !matchesFilters(n, filtersOf(key))) continue;
      if (data.pages.some((p) => p.data.some((x) => x.id === n.id))) continue;
      const before = flattenPages(data).length;
      let next: ListData = {
        ...data,
        pages: data.pages.map((page, i) => ({
          ...page,
          data: i === 0 ? [n, ...page.data] : page.data,
          pagination: { ...page.pagination, total: page.pagination.total + 1 },
        })),
      };
      if (before + 1 > Math.max(LOCAL_NOTIFICATIONS_KEPT, before)) next = dropLast(next);
      this.client.setQueryData(key, next);
    }
    if (!known && !n.read) this.adjustUnread(1);
  }

  /** Marking read sets read and readAt and lowers unread, never below 0. */
  markRead(id: string, updated: Notification | null): void {
    const previous = this.find(id);
    const readAt = new Date().toISOString();
    const next: Notification | undefined =
      updated ?? (previous ? { ...previous, read: true, readAt: previous.readAt ?? readAt } : undefined);
    for (const [key, data] of this.lists()) {
      if (!data) continue;
      const filters = filtersOf(key);
      const contains = data.pages.some((p) => p.data.some((x) => x.id === id));
      if (!contains) {
        // A "Read" list gains an item whose place in the server's order it cannot know.
        if (filters.read === true) void this.client.invalidateQueries({ queryKey: key, exact: true });
        continue;
      }
      if (filters.read === false || !next) {
        this.client.setQueryData(
          key,
          mapPages(data, (items) => items.filter((x) => x.id !== id), -1),
        );
      } else {
        this.client.setQueryData(
          key,
          mapPages(data, (items) => items.map((x) => (x.id === id ? next : x)), 0),
        );
      }
    }
    if (previous === undefined) this.refreshUnread();
    else if (!previous.read) this.adjustUnread(-1);
  }

  /** Mark-all sets every notification read and unread to 0. */
  markAllRead(readAt: string): void {
    for (const [key, data] of this.lists()) {
      if (!data) continue;
      const filters = filtersOf(key);
      if (filters.read === false) {
        this.client.setQueryData(key, {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            data: [],
            pagination: { ...p.pagination, total: 0, totalPages: 0, hasMore: false },
          })),
        });
      } else if (filters.read === true) {
        void this.client.invalidateQueries({ queryKey: key, exact: true });
      } else {
        this.client.setQueryData(
          key,
          mapPages(data, (items) => items.map((x) => (x.read ? x : { ...x, read: true, readAt })), 0),
        );
      }
    }
    this.client.setQueryData<{ success: true; count: number }>(
      notificationKeys.unreadCount(this.userId),
      (old) => (old ? { ...old, count: 0 } : old),
    );
  }

  /** Removal drops it from every list and lowers unread if it was unread. */
  remove(id: string): void {
    const removed = removedSet(this.client);
    const previous = this.find(id);
    for (const [key, data] of this.lists()) {
      if (!data || !data.pages.some((p) => p.data.some((x) => x.id === id))) continue;
      this.client.setQueryData(
        key,
        mapPages(data, (items) => items.filter((x) => x.id !== id), -1),
      );
    }
    if (removed.has(id)) return;
    removed.add(id);
    if (removed.size > 200) removed.delete(removed.values().next().value as string);
    if (previous === undefined) this.refreshUnread();
    else if (!previous.read) this.adjustUnread(-1);
  }

  /** What the tab may have missed (reconnect, tab shown again, manual refresh): ask the server. */
  refetchAll(): Promise<void> {
    return this.client.invalidateQueries({ queryKey: notificationKeys.all(this.userId) });
  }
}

function dropLast(data: ListData): ListData {
  const pages = [...data.pages];
  for (let i = pages.length - 1; i >= 0; i -= 1) {
    const page = pages[i];
    if (page && page.data.length > 0) {
      pages[i] = { ...page, data: page.data.slice(0, -1) };
      break;
    }
  }
  return { ...data, pages };
}
