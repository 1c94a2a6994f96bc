import {
  computeFees,
  feeBreakdownInRupees,
  intradayCutoffPassed,
  istTradeDate,
  type RefusalDetail,
  paiseToRupees,
  type OrderPreview,
  type PreviewOrderRequest,
  NRML_ON_STOCK_MESSAGE,
} from '@nivesh/shared';
import type { Db } from '../../db/database.js';
import type { AccountId } from '../../db/account-id.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { ledgerRepository } from '../ledger/ledger.repository.js';
import {
  insufficientBalance,
  insufficientHoldings,
  type OrderExecution,
  type Shortfall,
} from './order-execution.service.js';
import { lockAllows, type OrderIntake } from './order-intake.js';
import { costRemoved, isTriggered, restingPrice } from './orders.rules.js';
import { positionsRepository } from './positions.repository.js';

/** The order ticket's preview: the same checks, rules and fee schedule as placing, and no writes. */
export class OrderPreviewService {
  constructor(private readonly o: { db: Db; intake: OrderIntake; execution: OrderExecution }) {}

  /** What placing would charge, from the same rules and fee schedule as the fill; writes nothing. */
  async preview(accountId: AccountId, body: PreviewOrderRequest): Promise<OrderPreview> {
    // The ticket previews stock orders; an option's costs and margin are on the Options Lab.
    if (body.product === 'NRML') throw badRequest(NRML_ON_STOCK_MESSAGE, { product: NRML_ON_STOCK_MESSAGE });
    const intent = this.o.intake.intent(body);
    await this.o.intake.withinBand(intent.instrument, {
      price: intent.limitPricePaise,
      triggerPrice: intent.triggerPricePaise,
    });
    const market = await this.o.intake.marketNow(intent.instrument);
    const { pricePaise: marketPaise, open } = market;
    this.o.intake.notLockedOut(intent, market);
    const fillNow = open && isTriggered(intent, marketPaise) && lockAllows(intent.side, market);
    const pricePaise = fillNow ? marketPaise : restingPrice(intent, marketPaise);
    const { symbol } = intent.instrument;
    const now = this.o.intake.now();
    const tradeDate = istTradeDate(now.getTime());
    const deliverySell = intent.side === 'SELL' && intent.product === 'CNC';
    const [account, position, soldToday] = await Promise.all([
      ledgerRepository.account(this.o.db, accountId),
      positionsRepository.find(this.o.db, accountId, symbol, intent.product),
      deliverySell ? positionsRepository.soldForDeliveryOn(this.o.db, accountId, symbol, tradeDate) : true,
    ]);
    if (!account) throw notFound('Virtual money account not found');
    const value = pricePaise * BigInt(intent.quantity);
    // The same schedule and the same "first delivery sell of the scrip today" test as the fill.
    const schedule = this.o.execution.schedule(intent.product, now);
    const fees = computeFees(intent.side, value, schedule, { firstSellOfDay: deliverySell && !soldToday });
    const cutoff = this.o.intake.intradayCutoff(intent.instrument);
    const availableCash = account.balancePaise - account.reservedPaise;
    const held = position?.quantity ?? 0;
    const availableQuantity = held - (position?.reservedQuantity ?? 0);
    let total: bigint;
    let shortfall: Shortfall | undefined;
    let estimatedPnL: bigint | null = null;
    if (intent.side === 'BUY') {
      total = value + fees.total;
      if (availableCash < total)
        shortfall = insufficientBalance(total, availableCash, intent.quantity, pricePaise, schedule);
    } else {
      total = value - fees.total;
      if (availableQuantity < intent.quantity)
        shortfall = insufficientHoldings(availableQuantity, intent.quantity, intent.product);
      if (position && held >= intent.quantity)
        estimatedPnL = total - costRemoved(position.costBasisPaise, held, intent.quantity);
    }
    // After the cut-off an intraday order is refused before money is looked at, as placing it would be.
    const closed = intent.product === 'MIS' && cutoff.passed ? intradayCutoffPassed(cutoff) : undefined;
    const refusal: RefusalDetail | null = closed
      ? { code: closed.code, rule: closed.rule }
      : (shortfall?.detail ?? null);
    return {
      symbol,
      name: intent.instrument.name,
      type: intent.side,
      orderType: intent.orderType,
      quantity: intent.quantity,
      price: paiseToRupees(pricePaise),
      marketPrice: paiseToRupees(marketPaise),
      tradeValue: paiseToRupees(value),
      fees: feeBreakdownInRupees(fees),
      total: paiseToRupees(total),
      availableCash: paiseToRupees(availableCash),
      availableQuantity: Math.max(availableQuantity, 0),
      estimatedPnL: estimatedPnL === null ? null : paiseToRupees(estimatedPnL),
      sufficient: !refusal,
      message: closed?.message ?? shortfall?.message ?? null,
      refusal,
      marketOpen: open,
      product: intent.product,
      intradayCutoff: cutoff,
    };
  }
}
