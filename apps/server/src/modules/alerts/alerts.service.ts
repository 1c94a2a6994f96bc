import {
  ALERT_DEFAULT_COOLDOWN_SECONDS,
  ALERT_DEFAULT_EXPIRY_DAYS,
  ALERT_EXPIRED_REASON,
  ALERT_LIMIT_MESSAGE,
  ALERT_MAX_EXPIRY_DAYS,
  ALERT_PAUSED_REASON,
  REPLAY_ALERT_WATCH_MESSAGE,
  DAY_MS,
  MAX_ALERTS_PER_USER,
  createAlertRequestSchema,
  describeAlert,
  istDayNumber,
  rupeesToPaise,
  sessionBounds,
  updateAlertRequestSchema,
  type Alert,
  type AlertCondition,
  type AlertFiring,
  type AlertStatus,
  type AlertWatch,
  type CreateAlertRequest,
  type UpdateAlertRequest,
  plural,
} from '@nivesh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { AccountRef } from '../../db/account-id.js';
import { LeaseLost, type Fence } from '../../db/lease.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import type { RealtimePublisher } from '../../realtime/realtime.js';
import type { MarketService } from '../market/market.service.js';
import { firstCrossing, firstTouch } from '../market/path-touch.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { OrderMarket, ReplayDesks, StandIn } from '../orders/order-market.js';
import type { PortfolioService } from '../portfolio/portfolio.service.js';
import type { UsersService } from '../users/users.service.js';
import { alertFloor, recordAlertFiring, type AlertHit } from './alert-firing.js';
import { presentAlert, toAlert, toFiring, toHundredths } from './alerts.mapper.js';
import { alertsRepository, type AlertFiringRow, type AlertRow } from './alerts.repository.js';

/** After a pause (a restart, a failover) the evaluator looks back at most this far. */
export const MAX_ALERT_LOOKBACK_MS = 60 * 60_000;

/** Turns a zod failure into the same 400 shape as route validation: one message per field. */
function parseOr400<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.') || 'body'] ??= issue.message;
  throw badRequest(Object.values(errors)[0] ?? 'Invalid request', errors);
}

export interface AlertRound {
  /** The market time the round checked up to. */
  at: number;
  checked: number;
  fired: number;
  expired: number;
}

/**
 * Price alerts: the rules of the API, and the evaluation the one elected instance runs every
 * second. Each check covers the ticks since the previous one (or since the alert was armed), from
 * the market's path, so a price that crosses the level and comes back between two checks still
 * fires. A firing is one transaction on the alert's row (still active? not fired at or after this
 * tick?), so two evaluators, or a retry, never fire the same crossing twice.
 */
export class AlertsService {
  constructor(
    private readonly o: {
      db: Db;
      market: MarketService;
      notifications: NotificationsService;
      users: UsersService;
      portfolio: PortfolioService;
      mailer: Mailer;
      live: RealtimePublisher;
      log: FastifyBaseLogger;
      /**
       * A replay's portfolio sets its alerts on the replay's market, at its clock; the replay's
       * catch-up judges them (the live evaluator leaves them alone, see live-accounts.ts).
       */
      replayDesks?: ReplayDesks;
    },
  ) {}

  private nowMs() {
    return this.o.market.nowMs();
  }

  /** The market a change to `who`'s alerts reads: a replay's at its clock (422 once finished), else live. */
  private async marketOf(who: AccountRef): Promise<{ market: OrderMarket; replay: boolean }> {
    const desk = await this.o.replayDesks?.marketFor(who);
    return desk ? { market: desk, replay: true } : { market: this.o.market, replay: false };
  }

  private async withHistory(rows: AlertRow[], standIn?: StandIn): Promise<Alert[]> {
    const history = await alertsRepository.history(
      this.o.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => presentAlert(toAlert(r, history.get(r.id)), standIn));
  }

  private standInOf(who: AccountRef): Promise<StandIn | undefined> {
    return this.o.replayDesks?.standInFor(who) ?? Promise.resolve(undefined);
  }

  /**
   * The portfolio's alerts. `count` is the user's alerts in every portfolio, because the cap
   * (`limit`) is per user: one person's watch list, whichever portfolio it was set from.
   */
  async list(who: AccountRef): Promise<{ data: Alert[]; count: number; limit: number }> {
    const [rows, count, standIn] = await Promise.all([
      alertsRepository.listForAccount(this.o.db, who.accountId),
      alertsRepository.countForUser(this.o.db, who.userId),
      this.standInOf(who),
    ]);
    return { data: await this.withHistory(rows, standIn), count, limit: MAX_ALERTS_PER_USER };
  }

  async get(who: AccountRef, id: string): Promise<Alert> {
    const row = await alertsRepository.findOwn(this.o.db, who, id);
    if (!row) throw notFound('Alert not found');
    return (await this.withHistory([row], await this.standInOf(who)))[0]!;
  }

  /** The expiry asked for (a blind replay's on its stand-in calendar), or the default one. */
  private expiry(input: string | undefined, nowMs: number, standIn?: StandIn): Date {
    if (input === undefined) return new Date(nowMs + ALERT_DEFAULT_EXPIRY_DAYS * DAY_MS);
    const at = standIn ? standIn.real(Date.parse(input)) : Date.parse(input);
    if (at <= nowMs)
      throw badRequest('Expiry must be in the future', { expiresAt: 'Expiry must be in the future' });
    if (at > nowMs + ALERT_MAX_EXPIRY_DAYS * DAY_MS) {
      throw badRequest(`Expiry must be within ${ALERT_MAX_EXPIRY_DAYS} days`, {
        expiresAt: `Expiry must be within ${ALERT_MAX_EXPIRY_DAYS} days`,
      });
    }
    return new Date(at);
  }

  /**
   * Creates an alert (the API's POST, and the assistant's `set_alert` through this same method).
   * `body` is parsed here too, so a caller from another module gets the same 400s as the route.
   */
  async create(who: AccountRef, body: CreateAlertRequest): Promise<Alert> {
    const { userId, accountId } = who;
    const input = parseOr400(createAlertRequestSchema, body);
    const { market, replay } = await this.marketOf(who);
    if (replay && input.watch !== 'price')
      throw badRequest(REPLAY_ALERT_WATCH_MESSAGE, { watch: REPLAY_ALERT_WATCH_MESSAGE });
    const instrument = market.resolve(input.symbol);
    // In a replay the alert is set, armed and lapses on the replay's clock.
    const nowMs = market.nowMs();
    const expiresAt = this.expiry(input.expiresAt, nowMs, market.standIn);
    const row = await this.o.db.transaction(async (tx) => {
      if (!(await alertsRepository.lockUser(tx, userId))) throw notFound('User not found');
      if ((await alertsRepository.countForUser(tx, userId)) >= MAX_ALERTS_PER_USER) {
        throw new AppError(409, 'CONFLICT', ALERT_LIMIT_MESSAGE);
      }
      return alertsRepository.insert(tx, {
        userId,
        accountId,
        symbol: instrument.symbol,
        name: instrument.name,
        watch: input.watch,
        condition: input.condition,
        levelHundredths: toHundredths(input.watch, input.value),
        frequency: input.frequency,
        cooldownSeconds: input.cooldownSeconds ?? ALERT_DEFAULT_COOLDOWN_SECONDS,
        note: input.note ? input.note : null,
        status: 'ACTIVE',
        expiresAt,
        armedAt: new Date(nowMs),
        ...(replay ? { createdAt: new Date(nowMs) } : {}),
      });
    });
    return presentAlert(toAlert(row), market.standIn);
  }

  /** Edits, pauses (status DISABLED) or resumes (status ACTIVE) an alert; any change re-arms it from now. */
  async update(who: AccountRef, id: string, body: UpdateAlertRequest): Promise<Alert> {
    const input = parseOr400(updateAlertRequestSchema, body);
    const row = await alertsRepository.findOwn(this.o.db, who, id);
    if (!row) throw notFound('Alert not found');
    const { market, replay } = await this.marketOf(who);
    const nowMs = market.nowMs();
    const watch = input.watch ?? (row.watch as AlertWatch);
    if (replay && watch !== 'price')
      throw badRequest(REPLAY_ALERT_WATCH_MESSAGE, { watch: REPLAY_ALERT_WATCH_MESSAGE });
    if (input.watch !== undefined && input.value === undefined) {
      throw badRequest('Give the value for the new watched quantity', {
        value: 'Give the value for the new watched quantity',
      });
    }
    if (input.value !== undefined) {
      // The same range checks as on create, for the watched quantity after the edit.
      parseOr400(createAlertRequestSchema, {
        symbol: row.symbol,
        condition: row.condition,
        watch,
        value: input.value,
      });
    }
    const expiresAt =
      input.expiresAt !== undefined ? this.expiry(input.expiresAt, nowMs, market.standIn) : row.expiresAt;
    let status = row.status as AlertStatus;
    let statusReason = row.statusReason;
    if (input.status === 'DISABLED') {
      status = 'DISABLED';
      statusReason = ALERT_PAUSED_REASON;
    } else if (input.status === 'ACTIVE') {
      if (expiresAt.getTime() <= nowMs) {
        throw badRequest('This alert has expired; give it a new expiry to resume it', {
          expiresAt: 'Give a new expiry to resume this alert',
        });
      }
      status = 'ACTIVE';
      statusReason = null;
    }
    const updated = await alertsRepository.updateOwn(this.o.db, who, id, {
      watch,
      condition: input.condition ?? row.condition,
      levelHundredths: input.value !== undefined ? toHundredths(watch, input.value) : row.levelHundredths,
      frequency: input.frequency ?? row.frequency,
      cooldownSeconds: input.cooldownSeconds ?? row.cooldownSeconds,
      note: input.note === undefined ? row.note : input.note || null,
      expiresAt,
      status,
      statusReason,
      armedAt: new Date(nowMs),
    });
    if (!updated) throw notFound('Alert not found');
    return (await this.withHistory([updated], market.standIn))[0]!;
  }

  async remove(who: AccountRef, id: string): Promise<void> {
    if (!(await alertsRepository.deleteOwn(this.o.db, who, id))) throw notFound('Alert not found');
  }

  // Evaluation ------------------------------------------------------------------------------------

  /**
   * One check of every active alert over (its floor, now]: the floor is the later of the previous
   * check, the moment it was armed, and what its frequency allows (the next IST day after a daily
   * alert fired; the end of the cooldown after an 'every' alert fired).
   */
  async evaluate(lastCheckMs: number | undefined, fence?: Fence): Promise<AlertRound> {
    const nowMs = this.nowMs();
    const now = new Date(nowMs);
    const round: AlertRound = { at: nowMs, checked: 0, fired: 0, expired: 0 };
    round.expired = (await alertsRepository.expireDue(this.o.db, now, ALERT_EXPIRED_REASON)).length;
    const active = await alertsRepository.active(this.o.db);
    for (const alert of active) {
      round.checked += 1;
      try {
        const from = alertFloor(alert, Math.max(lastCheckMs ?? -Infinity, nowMs - MAX_ALERT_LOOKBACK_MS));
        if (from >= nowMs) continue;
        const hit = await this.findHit(alert, from, nowMs);
        if (hit && (await this.fire(alert, hit, fence))) round.fired += 1;
      } catch (err) {
        if (err instanceof LeaseLost) throw err;
        this.o.log.error({ err, alertId: alert.id }, 'alert check failed');
      }
    }
    return round;
  }

  private async findHit(alert: AlertRow, fromMs: number, toMs: number): Promise<AlertHit | undefined> {
    const condition = alert.condition as AlertCondition;
    const up = condition === 'above' || condition === 'crosses_up';
    const level = alert.levelHundredths;
    if (alert.watch === 'volume') {
      const nowQuote = (await this.o.market.quotes([alert.symbol]))[0];
      if (!nowQuote) return undefined;
      const volume = BigInt(nowQuote.volume) * 100n;
      const holds = up ? volume >= level : volume <= level;
      if (!holds) return undefined;
      if (condition === 'crosses_up' || condition === 'crosses_down') {
        // The day's volume only grows within a day and restarts at the next one.
        const sameDay = istDayNumber(fromMs) === istDayNumber(toMs);
        const before = sameDay ? await this.o.market.quoteAt(alert.symbol, fromMs) : undefined;
        const was = BigInt(before?.volume ?? 0) * 100n;
        if (up ? was >= level : was <= level) return undefined;
      }
      return { tickMs: toMs, price: nowQuote.price, valueHundredths: volume };
    }

    let levelPaise = level;
    let previousClosePaise = 0n;
    let from = fromMs;
    if (alert.watch === 'dayChangePct') {
      // A change in percent is a price level of today's session: (1 + pct/100) × previous close.
      const nowQuote = (await this.o.market.quotes([alert.symbol]))[0];
      if (!nowQuote) return undefined;
      previousClosePaise = rupeesToPaise(nowQuote.previousClose);
      const exact = Number(previousClosePaise) * (1 + Number(level) / 10_000);
      levelPaise = BigInt(up ? Math.ceil(exact - 1e-6) : Math.floor(exact + 1e-6));
      from = Math.max(from, sessionBounds('always-open', istDayNumber(toMs)).openMs - 1000);
      if (from >= toMs) return undefined;
    }
    const check = condition === 'above' || condition === 'below' ? firstTouch : firstCrossing;
    const tick = await check(this.o.market, alert.symbol, from, toMs, up ? 'up' : 'down', levelPaise);
    if (!tick) return undefined;
    const pricePaise = rupeesToPaise(tick.price);
    const valueHundredths =
      alert.watch === 'price'
        ? pricePaise
        : previousClosePaise > 0n
          ? BigInt(
              Math.round((Number(pricePaise - previousClosePaise) / Number(previousClosePaise)) * 10_000),
            )
          : 0n;
    return { tickMs: tick.ms, price: tick.price, valueHundredths };
  }

  /** Records one firing and tells the user; false when the alert changed under us (another instance fired it). */
  private async fire(alert: AlertRow, hit: AlertHit, fence?: Fence): Promise<boolean> {
    const done = await recordAlertFiring(this.o.db, alert, hit, fence);
    if (!done) return false;
    await this.announce(done.updated, done.firing);
    return true;
  }

  /** The notification (with the user's position and note), the realtime event, and the e-mail. */
  private async announce(row: AlertRow, firing: AlertFiringRow): Promise<void> {
    const [alert] = await this.withHistory([row]);
    const seen = toFiring(firing);
    const what = describeAlert(alert!);
    const lines = [
      `${what}: ${alert!.watch === 'price' ? 'now' : 'seen'} ${this.formatValue(alert!, seen)} (price ₹${fmt(seen.price)}).`,
    ];
    const holding = (
      await this.o.portfolio.holdings({ userId: row.userId, accountId: row.accountId }).catch(() => [])
    ).find((h) => h.symbol === row.symbol);
    if (holding && holding.quantity > 0) {
      const pnl = holding.quantity * seen.price - holding.totalInvested;
      const pct = holding.totalInvested > 0 ? (pnl / holding.totalInvested) * 100 : 0;
      lines.push(
        `You hold ${holding.quantity} at an average ₹${fmt(holding.averagePrice)}: P&L ${pnl >= 0 ? '+' : '−'}₹${fmt(Math.abs(pnl))} (${pct >= 0 ? '+' : '−'}${Math.abs(pct).toFixed(2)}%) at this price.`,
      );
    } else lines.push(`You hold no ${row.symbol} shares.`);
    if (row.note) lines.push(`Your note: ${row.note}`);
    if (row.status === 'DISABLED' && row.statusReason) lines.push(row.statusReason + '.');
    const message = lines.join(' ');
    const title = `Price alert: ${row.symbol}`;
    const notification = await this.o.notifications.notify(row.userId, {
      category: 'price',
      type: 'alert',
      title,
      message,
      link: '/alerts',
      data: {
        alertId: row.id,
        symbol: row.symbol,
        price: seen.price,
        value: seen.value,
        firedAt: seen.firedAt,
      },
    });
    this.o.live.toUser(row.userId, 'alert-triggered', { alert: alert!, firing: seen, message });
    // Mail follows the in-app notification: only when Price Alerts let it through and e-mail is on.
    if (!notification) return;
    const user = await this.o.users.publicUser(row.userId).catch(() => undefined);
    if (user?.notificationSettings.emailNotifications) {
      this.o.mailer
        .send({
          to: user.email,
          subject: `Nivesh: ${title}`,
          text: `${message}\n\nManage your alerts in Nivesh → Alerts.`,
        })
        .catch((err: unknown) => this.o.log.error({ err }, 'alert mail failed'));
    }
  }

  private formatValue(alert: Alert, seen: AlertFiring): string {
    if (alert.watch === 'price') return `₹${fmt(seen.value)}`;
    if (alert.watch === 'dayChangePct') return `${seen.value.toFixed(2)}%`;
    return plural(seen.value, 'share');
  }
}

const fmt = (v: number) => v.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
