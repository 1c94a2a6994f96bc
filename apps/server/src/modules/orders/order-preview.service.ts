import {
  computeFees,
  feeBreakdownInRupees,
  paiseToRupees,
  type OrderPreview,
  type PreviewOrderRequest,
} from '@nivesh/shared';
import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import { ledgerRepository } from '../ledger/ledger.repository.js';
import { insufficientBalance, insufficientHoldings, type Shortfall } from './order-execution.service.js';
import { lockAllows, type OrderIntake } from './order-intake.js';
import { costRemoved, isTriggered, restingPrice } from './orders.rules.js';
import { positionsRepository } from './positions.repository.js';

/** The order ticket's preview: the same checks, rules and fee schedule as placing, and no writes. */
export class OrderPreviewService {
  constructor(private readonly o: { db: Db; intake: OrderIntake }) {}

  /** What placing would charge, from the same rules and fee schedule as the fill; writes nothing. */
  async preview(userId: string, body: PreviewOrderRequest): Promise<OrderPreview> {
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
    const [account, position] = await Promise.all([
      ledgerRepository.account(this.o.db, userId),
      positionsRepository.find(this.o.db, userId, intent.instrument.symbol),
    ]);
    if (!account) throw notFound('Virtual money account not found');
    const value = pricePaise * BigInt(intent.quantity);
    const fees = computeFees(intent.side, value);
    const availableCash = account.balancePaise - account.reservedPaise;
    const held = position?.quantity ?? 0;
    const availableQuantity = held - (position?.reservedQuantity ?? 0);
    let total: bigint;
    let shortfall: Shortfall | undefined;
    let estimatedPnL: bigint | null = null;
    if (intent.side === 'BUY') {
      total = value + fees.total;
      if (availableCash < total)
        shortfall = insufficientBalance(total, availableCash, intent.quantity, pricePaise);
    } else {
      total = value - fees.total;
      if (availableQuantity < intent.quantity)
        shortfall = insufficientHoldings(availableQuantity, intent.quantity);
      if (position && held >= intent.quantity)
        estimatedPnL = total - costRemoved(position.costBasisPaise, held, intent.quantity);
    }
    return {
      symbol: intent.instrument.symbol,
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
      sufficient: !shortfall,
      message: shortfall?.message ?? null,
      refusal: shortfall?.detail ?? null,
      marketOpen: open,
    };
  }
}
