import { describeFill, formatInr, paiseToRupees, type Order, type OrderSide } from '@nivesh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimePublisher } from '../../realtime/realtime.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { CashAccountRow } from '../ledger/ledger.repository.js';
// eslint-disable-next-line import-x/no-restricted-paths -- type only: a fill returns the notice row it wrote.
import type { NotificationRow } from '../notifications/notifications.repository.js';

export type OrderEvent = 'filled' | 'placed' | 'modified' | 'cancelled' | 'expired' | 'rejected';

/** What a committed change did, for the announcements that follow the commit. */
export interface Executed {
  userId: string;
  order: Order;
  event: OrderEvent;
  account: CashAccountRow | undefined;
  /**
   * A notice the change's own statement already handled (a fill's): the row to push, or null when
   * the user's settings kept it from being stored.
   */
  notification?: NotificationRow | null | undefined;
}

/**
 * The one place a committed order change is told to its user: the `order-update` and
 * `balance-updated` pushes, then the stored notification (and its realtime event). Placement,
 * modification, cancellation and the matcher all announce through it, after their commit.
 */
export class OrderAnnouncer {
  constructor(
    private readonly o: {
      notifications: NotificationsService;
      live: RealtimePublisher;
      log: FastifyBaseLogger;
      /** A replay's orders: told to nobody (the replay screen reads its own portfolio). */
      quiet?: boolean;
    },
  ) {}

  /** The announcer for a replay's portfolio (see `quiet`). */
  quiet(): OrderAnnouncer {
    return new OrderAnnouncer({ ...this.o, quiet: true });
  }

  private publish(
    userId: string,
    order: Order,
    account: CashAccountRow | undefined,
    tab: string | undefined,
  ) {
    const portfolio = account ? { portfolioId: account.portfolioId } : {};
    this.o.live.toUser(userId, 'order-update', tab ? { order, tab, ...portfolio } : { order, ...portfolio });
    if (account) {
      this.o.live.toUser(userId, 'balance-updated', {
        balance: paiseToRupees(account.balancePaise),
        availableCash: paiseToRupees(account.balancePaise - account.reservedPaise),
        reserved: paiseToRupees(account.reservedPaise),
        portfolioId: account.portfolioId,
      });
    }
  }

  /**
   * After commit: the change stands whatever happens here, so failures are logged, not thrown.
   * `tab`: the browser tab whose request made the change. Both announcements carry it, so that
   * tab, which told its user from the reply, does not toast the change a second time.
   */
  async announce(done: Executed, tab?: string): Promise<void> {
    if (this.o.quiet) return;
    const { userId, order } = done;
    try {
      this.publish(userId, order, done.account, tab);
      if (done.notification !== undefined) {
        if (done.notification) await this.o.notifications.delivered(userId, done.notification, tab);
        return;
      }
      const note = notice(done);
      if (note)
        await this.o.notifications.notify(
          userId,
          {
            category: 'portfolio',
            link: '/orders',
            data: { orderId: order.id },
            ...note,
          },
          tab,
        );
    } catch (err) {
      this.o.log.error({ err, orderId: order.id }, 'order announcement failed');
    }
  }

  private readonly pending = new Set<Promise<void>>();

  /**
   * Announces without making the caller wait for the stored notification: the pushes go out
   * before this returns, the notification (and its realtime event) follows.
   */
  announceLater(done: Executed, tab?: string): void {
    const announcing = this.announce(done, tab).finally(() => this.pending.delete(announcing));
    this.pending.add(announcing);
  }

  /** Waits for announcements still under way, so shutdown does not close the database under them. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }
}

function describe(order: Order): string {
  const side = order.type === 'BUY' ? 'buy' : 'sell';
  const kind = order.orderType === 'MARKET' ? '' : order.orderType === 'LIMIT' ? ` limit` : ' stop';
  const at =
    order.orderType === 'LIMIT' && order.limitPrice !== null
      ? ` at ${formatInr(order.limitPrice)}`
      : order.orderType === 'STOP' && order.triggerPrice !== null
        ? ` (trigger ${formatInr(order.triggerPrice)})`
        : '';
  return `Your ${side}${kind} order for ${order.quantity} ${order.symbol}${at}`;
}

export function filledNotice(side: OrderSide, quantity: number, symbol: string, price: number) {
  return {
    type: 'success' as const,
    title: 'Order filled',
    message: describeFill({ side, quantity, symbol, price }),
  };
}

function notice(
  done: Executed,
): { type: 'success' | 'info' | 'warning' | 'error'; title: string; message: string } | undefined {
  const { order } = done;
  switch (done.event) {
    case 'filled':
      return filledNotice(order.type, order.quantity, order.symbol, order.executionPrice ?? 0);
    case 'cancelled':
      return {
        type: 'info',
        title: 'Order cancelled',
        message: `${describe(order)} was cancelled${order.statusReason ? `: ${order.statusReason}` : '.'}`,
      };
    case 'expired':
      return {
        type: 'warning',
        title: 'Order expired',
        // A GTC order from before GTC was withdrawn lapses with its own reason (a pointer to GTT).
        message:
          order.validity === 'GTC' && order.statusReason
            ? `${describe(order)}: ${order.statusReason}`
            : `${describe(order)} expired at the end of the trading session.`,
      };
    case 'rejected':
      return {
        type: 'error',
        title: 'Order rejected',
        message: `${describe(order)} was rejected: ${order.statusReason ?? 'no reason given'}`,
      };
    default:
      return undefined;
  }
}
