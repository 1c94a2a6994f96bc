import {
  classRuleBreach,
  classRuleNeeds,
  dayNumberToDate,
  istDayNumber,
  rupeesToPaise,
  type Order,
} from '@nivesh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/database.js';
import type { AccountRef } from '../../db/account-id.js';
import type { JournalService } from '../journal/journal.service.js';
import { refused } from '../orders/order-intake.js';
import type { PlacementGuard } from '../orders/order-commands.service.js';
import type { PortfolioService } from '../portfolio/portfolio.service.js';

import { classesRepository } from './classes.repository.js';
import { ClassesService } from './classes.service.js';

const IST_OFFSET_MS = 330 * 60_000;

/**
 * The class rules on every order of a class portfolio, checked before anything is reserved
 * (issue 26), and the order's note kept as a journal entry linked to its fill: at once when it
 * filled, else by the standings job once it does. Orders of other portfolios pass untouched.
 */
export class ClassGuard implements PlacementGuard {
  constructor(
    private readonly o: {
      db: Db;
      portfolio: PortfolioService;
      journal: JournalService;
      log: FastifyBaseLogger;
      /** The market's clock. */
      now: () => number;
    },
  ) {}

  /** Refusals thrown inside a transaction, kept on record once it has rolled back. */
  private readonly inside = new WeakMap<object, { classId: string; userId: string; rule: string }>();

  async check(
    who: AccountRef & { kind?: string },
    order: Parameters<PlacementGuard['check']>[1],
    tx?: DbOrTx,
  ): Promise<void> {
    if (who.kind !== undefined && who.kind !== 'class') return;
    const db = tx ?? this.o.db;
    const found = await classesRepository.byAccount(db, who.accountId);
    if (!found) return;
    const { cls, member } = found;
    if (member.status !== 'active') throw ClassesService.archived();
    const { intent, marketPricePaise, replacing } = order;
    // A modification changes only quantity and price: the position cap (and the dates) apply again;
    // the rest were checked when the order was placed.
    const cap = cls.rules.maxPositionPercent;
    // A GTT's order is placed by the system when it triggers: the trade-note rule asks a person at
    // a form, so it does not refuse it (the other rules do, as they would the person's order).
    const placed = order.automatic ? { ...cls.rules, requireTradeNote: undefined } : cls.rules;
    const rules = replacing === undefined ? placed : cap === undefined ? {} : { maxPositionPercent: cap };
    const want = classRuleNeeds(rules, intent.side);
    const nowMs = this.o.now();
    const day = istDayNumber(nowMs);
    const dayStart = new Date(day * 86_400_000 - IST_OFFSET_MS);
    const [tradesToday, position] = await Promise.all([
      want.tradesToday ? classesRepository.ordersSince(db, who.accountId, dayStart) : undefined,
      want.position ? this.position(db, who, intent.instrument.symbol, replacing ?? 0) : undefined,
    ]);
    const refusal = classRuleBreach(rules, {
      symbol: intent.instrument.symbol,
      side: intent.side,
      orderType: intent.orderType,
      product: intent.product,
      quantity: intent.quantity,
      pricePaise: intent.limitPricePaise ?? intent.triggerPricePaise ?? marketPricePaise,
      marketPricePaise,
      note: order.note,
      today: dayNumberToDate(day),
      startDate: cls.startDate,
      endDate: cls.endDate,
      tradesToday,
      ...position,
    });
    if (!refusal) return;
    const error = refused(refusal, 422);
    // Inside the order's transaction a write would roll back with it: recorded after (refusedInside).
    if (tx) this.inside.set(error, { classId: cls.id, userId: who.userId, rule: refusal.rule });
    else await classesRepository.recordRefusal(this.o.db, cls.id, who.userId, refusal.rule);
    throw error;
  }

  async refusedInside(error: unknown): Promise<void> {
    const kept = typeof error === 'object' && error !== null ? this.inside.get(error) : undefined;
    if (!kept) return;
    this.inside.delete(error as object);
    try {
      await classesRepository.recordRefusal(this.o.db, kept.classId, kept.userId, kept.rule);
    } catch (err) {
      this.o.log.warn({ err }, 'class rule refusal not recorded');
    }
  }

  private async position(db: DbOrTx, who: AccountRef, symbol: string, replacing: number) {
    const [{ figures }, holdings, restingBuyQuantity] = await Promise.all([
      this.o.portfolio.figures(who, db),
      this.o.portfolio.holdings(who, db),
      classesRepository.restingBuyQuantity(db, who.accountId, symbol),
    ]);
    const heldQuantity = holdings.filter((h) => h.symbol === symbol).reduce((n, h) => n + h.quantity, 0);
    return {
      heldQuantity,
      restingBuyQuantity: Math.max(0, restingBuyQuantity - replacing),
      portfolioValuePaise: rupeesToPaise(figures.totalValue),
    };
  }

  async placed(who: AccountRef, order: Order, note: string | undefined): Promise<void> {
    const text = note?.trim();
    if (!text) return;
    try {
      if (order.status === 'FILLED') await this.o.journal.create(who, { orderId: order.id, note: text });
      else if (order.status === 'PENDING' || order.status === 'OPEN')
        await classesRepository.addPendingNote(this.o.db, {
          orderId: order.id,
          userId: who.userId,
          accountId: who.accountId,
          note: text,
        });
    } catch (err) {
      // The order stands; only its note could not be kept (e.g. the journal is full).
      this.o.log.warn({ err, orderId: order.id }, 'trade note not journaled');
    }
  }

  /** Journals the notes of orders that have filled since they were placed; drops those that never will. */
  async journalPendingNotes(limit = 200): Promise<number> {
    const due = await classesRepository.filledPendingNotes(this.o.db, limit);
    for (const n of due) {
      try {
        await this.o.journal.create(
          { userId: n.userId, accountId: n.accountId },
          { orderId: n.orderId, note: n.note },
        );
      } catch (err) {
        this.o.log.warn({ err, orderId: n.orderId }, 'trade note not journaled');
      }
      await classesRepository.deletePendingNote(this.o.db, n.orderId);
    }
    await classesRepository.dropUnfilledNotes(this.o.db);
    return due.length;
  }
}
