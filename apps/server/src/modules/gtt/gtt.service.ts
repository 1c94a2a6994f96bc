import {
  DEFAULT_PRODUCT,
  GTT_CANCELLED_REASON,
  GTT_LIMIT_MESSAGE,
  gttExpiry,
  gttPriceIssues,
  gttShapeIssues,
  gttValidityFor,
  isTradable,
  rupeesToPaise,
  VIEW_ONLY_MESSAGE,
  type CreateGttRequest,
  type Gtt,
  type GttIssue,
  type GttKind,
  type GttLegInput,
  type GttListQuery,
  type OrderSide,
  type UpdateGttRequest,
  NRML_ON_STOCK_MESSAGE,
} from '@nivesh/shared';
import type { Db } from '../../db/database.js';
import type { AccountRef } from '../../db/account-id.js';
import { AppError, badRequest, conflict, notFound, unprocessable } from '../../lib/errors.js';
import type { MarketService } from '../market/market.service.js';
import type { OrderMarket, ReplayDesks, StandIn } from '../orders/order-market.js';
import type { PortfolioService } from '../portfolio/portfolio.service.js';
import { presentGtt, toGtt } from './gtt.mapper.js';
import { gttRepository, type GttRow } from './gtt.repository.js';

const NOT_FOUND = 'GTT not found';

/** The same 400 shape as route validation: the first message, and one message per field. */
function invalid(issues: GttIssue[]): AppError | undefined {
  if (issues.length === 0) return undefined;
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path] ??= issue.message;
  return badRequest(issues[0]!.message, errors);
}

/**
 * The rules of /api/gtt: set, list, read, modify and cancel a user's GTTs. Firing them is
 * GttTriggersService's (gtt-triggers.service.ts), which the workers run.
 */
export class GttService {
  constructor(
    private readonly o: {
      db: Db;
      market: MarketService;
      portfolio: PortfolioService;
      /** A replay's portfolio sets its GTTs on the replay's market, at its clock (issue 25 §2). */
      replayDesks?: ReplayDesks;
    },
  ) {}

  private nowMs() {
    return this.o.market.nowMs();
  }

  /** The market a change to `who`'s GTTs reads: a replay's at its clock (422 once finished), else live. */
  private async marketOf(who: AccountRef): Promise<{ market: OrderMarket; replay: boolean }> {
    const desk = await this.o.replayDesks?.marketFor(who);
    return desk ? { market: desk, replay: true } : { market: this.o.market, replay: false };
  }

  private standInOf(who: AccountRef): Promise<StandIn | undefined> {
    return this.o.replayDesks?.standInFor(who) ?? Promise.resolve(undefined);
  }

  /**
   * The portfolio's GTTs. `active` counts the user's active GTTs in every portfolio, because the
   * cap (`maxActive`) is per user, as a broker's is per client.
   */
  async list(who: AccountRef, query: GttListQuery) {
    const status = query.status === 'all' ? undefined : query.status;
    const [rows, active, standIn] = await Promise.all([
      gttRepository.listForAccount(this.o.db, who.accountId, status, query.limit),
      gttRepository.countActive(this.o.db, who.userId),
      this.standInOf(who),
    ]);
    return { data: rows.map((r) => presentGtt(toGtt(r), standIn)), active, maxActive: this.maxActive() };
  }

  async get(who: AccountRef, id: string): Promise<Gtt> {
    const row = await gttRepository.findOwn(this.o.db, who, id);
    if (!row) throw notFound(NOT_FOUND);
    return this.present(who, row);
  }

  private async present(who: AccountRef, row: GttRow): Promise<Gtt> {
    return presentGtt(toGtt(row), await this.standInOf(who));
  }

  private maxActive(): number {
    return gttValidityFor(new Date(this.nowMs()).toISOString()).maxActive;
  }

  /** The last price in paise, after the checks that need it (trigger not at it; OCO on both sides). */
  private async lastPricePaise(
    market: OrderMarket,
    symbol: string,
    kind: GttKind,
    legs: GttLegInput[],
  ): Promise<bigint> {
    const quote = await market.quote(symbol);
    const refusal = invalid(gttPriceIssues({ kind, legs }, quote.price));
    if (refusal) throw refusal;
    return rupeesToPaise(quote.price);
  }

  /** A sell GTT exits a held position, as at a broker: the shares must be held when it is set. */
  private async checkHeld(
    who: AccountRef,
    symbol: string,
    side: OrderSide,
    quantity: number,
    shown: string = symbol,
  ) {
    if (side !== 'SELL') return;
    const held = (await this.o.portfolio.holdings(who))
      .filter((h) => h.symbol === symbol)
      .reduce((n, h) => n + h.quantity, 0);
    if (held >= quantity) return;
    const message =
      held === 0
        ? `You hold no ${shown} shares; a sell GTT exits shares you hold`
        : `You hold ${held} ${shown} shares; a sell GTT can be for at most that many`;
    throw badRequest(message, { quantity: message });
  }

  private legColumns(legs: GttLegInput[]) {
    const [a, b] = legs.map((l) => ({
      trigger: rupeesToPaise(l.triggerPrice),
      limit: rupeesToPaise(l.limitPrice),
    }));
    return {
      leg1TriggerPaise: a!.trigger,
      leg1LimitPaise: a!.limit,
      leg2TriggerPaise: b?.trigger ?? null,
      leg2LimitPaise: b?.limit ?? null,
    };
  }

  async create(who: AccountRef, body: CreateGttRequest): Promise<Gtt> {
    // GTTs are for stocks here: F&O GTTs (NRML) are not offered.
    if (body.product === 'NRML') throw badRequest(NRML_ON_STOCK_MESSAGE, { product: NRML_ON_STOCK_MESSAGE });
    const { userId, accountId } = who;
    const { market, replay } = await this.marketOf(who);
    const instrument = market.resolve(body.symbol);
    if (instrument.type === 'INDEX')
      throw unprocessable(`${instrument.symbol} is an index and cannot be traded`);
    if (!isTradable(instrument)) throw unprocessable(VIEW_ONLY_MESSAGE);
    const kind = body.kind;
    const product = body.product ?? DEFAULT_PRODUCT;
    const referencePricePaise = await this.lastPricePaise(market, instrument.symbol, kind, body.legs);
    const shown = market.standIn?.symbolOf(instrument.symbol);
    await this.checkHeld(who, instrument.symbol, body.side, body.quantity, shown);
    // In a replay the GTT is set, and lapses, on the replay's clock.
    const nowMs = market.nowMs();
    const max = this.maxActive();
    const row = await this.o.db.transaction(async (tx) => {
      if (!(await gttRepository.lockUser(tx, userId))) throw notFound('User not found');
      if ((await gttRepository.countActive(tx, userId)) >= max) throw conflict(GTT_LIMIT_MESSAGE(max));
      return gttRepository.insert(tx, {
        userId,
        accountId,
        symbol: instrument.symbol,
        name: instrument.name,
        kind,
        side: body.side,
        product,
        quantity: body.quantity,
        ...this.legColumns(body.legs),
        referencePricePaise,
        status: 'ACTIVE',
        armedAt: new Date(nowMs),
        expiresAt: gttExpiry(nowMs),
        ...(replay ? { createdAt: new Date(nowMs) } : {}),
      });
    });
    return presentGtt(toGtt(row), market.standIn);
  }

  /** A new quantity and/or new legs while ACTIVE; the legs' directions are taken from the price now. */
  async update(who: AccountRef, id: string, body: UpdateGttRequest): Promise<Gtt> {
    const row = await gttRepository.findOwn(this.o.db, who, id);
    if (!row) throw notFound(NOT_FOUND);
    if (row.status !== 'ACTIVE') throw this.notActive(row, 'modified');
    const { market } = await this.marketOf(who);
    const kind = row.kind as GttKind;
    const side = row.side as OrderSide;
    const legs =
      body.legs ?? toGtt(row).legs.map(({ triggerPrice, limitPrice }) => ({ triggerPrice, limitPrice }));
    const quantity = body.quantity ?? row.quantity;
    const shape = invalid(gttShapeIssues({ kind, side, legs }));
    if (shape) throw shape;
    const referencePricePaise = await this.lastPricePaise(market, row.symbol, kind, legs);
    await this.checkHeld(who, row.symbol, side, quantity, market.standIn?.symbolOf(row.symbol));
    const updated = await gttRepository.updateActiveOwn(this.o.db, who, id, {
      quantity,
      ...this.legColumns(legs),
      referencePricePaise,
      armedAt: new Date(market.nowMs()),
    });
    if (!updated) return this.raceLost(who, id, 'modified');
    return presentGtt(toGtt(updated), market.standIn);
  }

  async cancel(who: AccountRef, id: string): Promise<Gtt> {
    const row = await gttRepository.updateActiveOwn(this.o.db, who, id, {
      status: 'CANCELLED',
      statusReason: GTT_CANCELLED_REASON,
    });
    if (!row) return this.raceLost(who, id, 'cancelled');
    return this.present(who, row);
  }

  /** Ends every active GTT of the portfolio (an agent's kill switch); the number ended. */
  cancelAll(who: AccountRef, reason: string): Promise<number> {
    return gttRepository.cancelActiveForAccount(this.o.db, who.accountId, reason);
  }

  private notActive(row: GttRow, verb: string): AppError {
    return conflict(`Only an active GTT can be ${verb}; this one is ${row.status}`);
  }

  /** The conditional update found nothing: not in this portfolio (404), or no longer active (409). */
  private async raceLost(who: AccountRef, id: string, verb: string): Promise<never> {
    const row = await gttRepository.findOwn(this.o.db, who, id);
    if (!row) throw notFound(NOT_FOUND);
    throw this.notActive(row, verb);
  }
}
