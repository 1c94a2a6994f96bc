import {
  NOTIFICATION_RETENTION,
  normaliseNotificationType,
  type CreateNotificationRequest,
  type Notification,
  type NotificationType,
  type Pagination,
} from '@nivesh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import type { RealtimePublisher } from '../../realtime/realtime.js';
// eslint-disable-next-line import-x/no-restricted-paths -- Notification settings are columns of the user row.
import { usersRepository, type UserRow } from '../users/users.repository.js';
import {
  notificationsRepository,
  type NotificationFilter,
  type NotificationRow,
  type NotificationSetting,
} from './notifications.repository.js';

/**
 * What a notification is about decides which of the user's settings governs it:
 * - account, security, general: always kept (security notices cannot be switched off);
 * - login: `securitySettings.loginAlerts`; price: `priceAlerts`; news: `newsAlerts`;
 *   portfolio (fills, rewards): `portfolioUpdates`.
 * Security and login notices are also e-mailed when `emailNotifications` is on.
 * `pushNotifications` governs the pop-up the browser shows, not whether the list stays in step.
 */
export type NotificationCategory =
  'account' | 'security' | 'login' | 'price' | 'news' | 'portfolio' | 'general';

export interface NotifyInput {
  category: NotificationCategory;
  type: NotificationType;
  title: string;
  message: string;
  link?: string | null;
  data?: Record<string, unknown> | null;
}

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: normaliseNotificationType(row.type),
    title: row.title,
    message: row.message,
    link: row.link,
    read: row.readAt !== null,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    data: row.data ?? null,
  };
}

/** The user setting that governs a category; undefined when it is always kept. */
export function governingSetting(category: NotificationCategory): NotificationSetting | undefined {
  switch (category) {
    case 'login':
      return { column: 'securitySettings', key: 'loginAlerts' };
    case 'price':
      return { column: 'notificationSettings', key: 'priceAlerts' };
    case 'news':
      return { column: 'notificationSettings', key: 'newsAlerts' };
    case 'portfolio':
      return { column: 'notificationSettings', key: 'portfolioUpdates' };
    default:
      return undefined;
  }
}

function allowed(user: UserRow, category: NotificationCategory): boolean {
  const setting = governingSetting(category);
  if (!setting) return true;
  return (user[setting.column] as Record<string, unknown>)[setting.key] !== false;
}

const isMailed = (category: NotificationCategory) => category === 'security' || category === 'login';

/**
 * Pruning to NOTIFICATION_RETENTION reads up to that many rows, so it runs on a user's first
 * insert in this process and then at most once per PRUNE_EVERY inserts or PRUNE_INTERVAL_MS; a
 * list may briefly hold up to PRUNE_EVERY - 1 notifications over the retention.
 */
export const PRUNE_EVERY = 25;
const PRUNE_INTERVAL_MS = 60_000;
/** Bounds the throttle's memory; forgetting a user only means an earlier prune. */
const PRUNE_TRACKED_USERS = 10_000;

export class NotificationsService {
  constructor(
    private readonly o: { db: Db; live: RealtimePublisher; mailer: Mailer; log: FastifyBaseLogger },
  ) {}

  private readonly sincePrune = new Map<string, { inserts: number; at: number }>();

  /**
   * The one way every feature tells a user something: stored, pruned, pushed, maybe mailed.
   * `tab`: the browser tab whose request caused it, pushed along (see client-tab.ts).
   */
  async notify(userId: string, input: NotifyInput, tab?: string): Promise<Notification | undefined> {
    const setting = governingSetting(input.category);
    if (!isMailed(input.category) && setting) {
      const row = await notificationsRepository.insertIfAllowed(
        this.o.db,
        this.values(userId, input),
        setting,
      );
      return row && this.delivered(userId, row, tab);
    }
    const user = await usersRepository.findById(this.o.db, userId);
    if (!user || !allowed(user, input.category)) return undefined;
    const notification = await this.store(userId, input, tab);
    if (isMailed(input.category) && user.notificationSettings.emailNotifications) {
      this.o.mailer
        .send({
          to: user.email,
          subject: `Nivesh: ${input.title}`,
          text: `${input.message}\n\nIf this was not you, reset your password and review your sessions in Settings → Security.`,
        })
        .catch((err: unknown) => this.o.log.error({ err }, 'notification mail failed'));
    }
    return notification;
  }

  /** Creates a notification the user asked for through the API. */
  create(userId: string, input: CreateNotificationRequest): Promise<Notification> {
    return this.store(userId, {
      category: 'general',
      type: input.type ?? 'info',
      title: input.title,
      message: input.message,
      link: input.link ?? null,
      data: input.data ?? null,
    });
  }

  private values(userId: string, input: NotifyInput) {
    return {
      userId,
      type: input.type,
      title: input.title,
      message: input.message,
      link: input.link ?? null,
      data: input.data ?? null,
    };
  }

  private async store(userId: string, input: NotifyInput, tab?: string): Promise<Notification> {
    return this.delivered(
      userId,
      await notificationsRepository.insert(this.o.db, this.values(userId, input)),
      tab,
    );
  }

  /** After a notification row is stored (here, or by a caller's own statement): prune when due, push. */
  async delivered(userId: string, row: NotificationRow, tab?: string): Promise<Notification> {
    if (this.pruneDue(userId)) await notificationsRepository.prune(this.o.db, userId, NOTIFICATION_RETENTION);
    const notification = toNotification(row);
    this.o.live.toUser(userId, 'notification', tab ? { ...notification, tab } : notification);
    return notification;
  }

  private pruneDue(userId: string): boolean {
    const now = Date.now();
    const seen = this.sincePrune.get(userId);
    if (seen && seen.inserts + 1 < PRUNE_EVERY && now - seen.at < PRUNE_INTERVAL_MS) {
      seen.inserts += 1;
      return false;
    }
    if (!seen && this.sincePrune.size >= PRUNE_TRACKED_USERS) this.sincePrune.clear();
    this.sincePrune.set(userId, { inserts: 0, at: now });
    return true;
  }

  async list(
    userId: string,
    query: { page: number; limit: number; sort: '-createdAt' | 'createdAt' } & NotificationFilter,
  ): Promise<{ data: Notification[]; pagination: Pagination }> {
    const { rows, total } = await notificationsRepository.page(this.o.db, userId, query, {
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
      newestFirst: query.sort === '-createdAt',
    });
    const totalPages = Math.ceil(total / query.limit);
    return {
      data: rows.map(toNotification),
      pagination: {
        page: query.page,
        limit: query.limit,
        total,
        totalPages,
        hasMore: query.page < totalPages,
      },
    };
  }

  async get(userId: string, id: string): Promise<Notification> {
    const row = await notificationsRepository.findOwn(this.o.db, userId, id);
    if (!row) throw notFound('Notification not found');
    return toNotification(row);
  }

  unreadCount(userId: string): Promise<number> {
    return notificationsRepository.unreadCount(this.o.db, userId);
  }

  async markRead(userId: string, id: string): Promise<Notification> {
    const row = await notificationsRepository.markRead(this.o.db, userId, id);
    if (!row) throw notFound('Notification not found');
    const notification = toNotification(row);
    this.o.live.toUser(userId, 'notification-update', { id, change: 'read', notification });
    return notification;
  }

  async markAllRead(userId: string): Promise<number> {
    const count = await notificationsRepository.markAllRead(this.o.db, userId);
    this.o.live.toUser(userId, 'notifications-read-all', { count, readAt: new Date().toISOString() });
    return count;
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await notificationsRepository.deleteOwn(this.o.db, userId, id)))
      throw notFound('Notification not found');
    this.o.live.toUser(userId, 'notification-update', { id, change: 'deleted', notification: null });
  }
}
