import {
  checkOrderPrice,
  intradayCutoff,
  intradayCutoffPassed,
  marketHalted,
  type IntradayCutoff,
  type Product,
  checkQuantity,
  circuitLocked,
  isTradable,
  lockedSide,
  paiseToRupees,
  priceOutsideBand,
  rupeesToPaise,
  VIEW_ONLY_MESSAGE,
  type CircuitLock,
  type Instrument,
  type PreviewOrderRequest,
  type Refusal,
} from '@nivesh/shared';
import { AppError, unprocessable } from '../../lib/errors.js';
import type { OrderMarket } from './order-market.js';
import type { NewOrder } from './order-execution.service.js';
import type { OrderTerms } from './orders.rules.js';

/** What the request asks for, checked against the market (symbol, tick grid) but not yet against money. */
export interface Intent extends OrderTerms {
  instrument: Instrument;
  quantity: number;
  validity: NewOrder['validity'];
  product: Product;
}

/** An order rule's refusal as an error answer: the stable code, the rule and the fix beside the message. */
export function refused(r: Refusal, status: number): AppError {
  return new AppError(status, r.code, r.message, r.field ? { [r.field]: r.message } : undefined, {
    rule: r.rule,
    ...(r.suggestion ? { suggestion: r.suggestion } : {}),
  });
}

/** The market as an order sees it now. */
export interface MarketNow {
  /** The last price in paise. */
  pricePaise: bigint;
  /** Whether the market trades now. */
  open: boolean;
  /** A circuit the stock is locked at, with its price in rupees. */
  lock: { side: CircuitLock; limit: number } | null;
}

/** Whether an order on `side` can execute now: never on the side a circuit lock leaves without a counterparty. */
export function lockAllows(side: 'BUY' | 'SELL', market: Pick<MarketNow, 'lock'>): boolean {
  return lockedSide(market.lock?.side) !== side;
}

/**
 * What an order request is checked against before any money is looked at — the instrument, the
 * tick grid, the quantity rules and the stock's circuit limits — shared by placing, modifying and
 * previewing, so all three refuse alike. Reads the market only; writes nothing.
 */
export class OrderIntake {
  constructor(private readonly market: OrderMarket) {}

  /** Orders trade on the market's clock, which tests move forward. */
  now(): Date {
    return new Date(this.market.nowMs());
  }

  /** A limit or trigger price must sit on the tick grid; refused with the rule and the nearest valid price. */
  onTick(price: number, field: 'price' | 'triggerPrice'): bigint {
    const refusal = checkOrderPrice(price, null, field);
    if (refusal) throw refused(refusal, 400);
    return rupeesToPaise(price);
  }

  /**
   * A limit or trigger outside the stock's circuit (its fixed band, or the current operating range
   * of a stock with derivatives) could not trade now (and far outside it is a typo); it is refused
   * with the limits, and the nearer one as the fix.
   */
  async withinBand(instrument: Instrument, prices: { price?: bigint | null; triggerPrice?: bigint | null }) {
    const given = (Object.entries(prices) as ['price' | 'triggerPrice', bigint | null | undefined][]).filter(
      (entry): entry is ['price' | 'triggerPrice', bigint] => typeof entry[1] === 'bigint',
    );
    if (given.length === 0) return;
    const quote = await this.market.quote(instrument.symbol);
    const { lowerCircuit, upperCircuit } = quote;
    // Only a tradable stock gets here, and every one has a circuit; without one nothing is checked.
    if (lowerCircuit === null || upperCircuit === null) return;
    for (const [field, paise] of given) {
      if (paise >= rupeesToPaise(lowerCircuit) && paise <= rupeesToPaise(upperCircuit)) continue;
      throw refused(
        priceOutsideBand(paiseToRupees(paise), { ...quote, lowerCircuit, upperCircuit }, field),
        422,
      );
    }
  }

  /**
   * A market order on the side a circuit lock leaves without a counterparty is refused with the
   * reason ("Locked at upper circuit ₹X: no sellers"); a limit or stop there may rest until the
   * lock breaks. A market order queued while the market is closed waits for the open as usual.
   */
  notLockedOut(intent: Pick<Intent, 'side' | 'orderType'>, market: MarketNow) {
    if (!market.open || intent.orderType !== 'MARKET' || !market.lock || lockAllows(intent.side, market))
      return;
    throw refused(circuitLocked(market.lock.side, market.lock.limit, intent.side), 422);
  }

  tradable(symbol: string): Instrument {
    const instrument = this.market.resolve(symbol);
    if (instrument.type === 'INDEX')
      throw unprocessable(`${instrument.symbol} is an index and cannot be traded`);
    // Cash is rupees; a dollar-priced stock would need an FX leg that does not exist, so US stocks are view only.
    if (!isTradable(instrument)) throw unprocessable(VIEW_ONLY_MESSAGE);
    return instrument;
  }

  intent(body: PreviewOrderRequest): Intent {
    const instrument = this.tradable(body.symbol);
    const badQuantity = checkQuantity(body.quantity);
    if (badQuantity) throw refused(badQuantity, 400);
    return {
      instrument,
      side: body.type,
      orderType: body.orderType,
      quantity: body.quantity,
      validity: body.validity,
      product: body.product,
      limitPricePaise: body.orderType === 'LIMIT' ? this.onTick(body.price!, 'price') : null,
      triggerPricePaise: body.orderType === 'STOP' ? this.onTick(body.triggerPrice!, 'triggerPrice') : null,
    };
  }

  /** The intraday cut-off on this market's clock: when MIS closes and whether it has. */
  intradayCutoff(instrument: Instrument): IntradayCutoff {
    return intradayCutoff(this.market.status(instrument.exchange).session, this.market.nowMs());
  }

  /** Nothing is accepted while the market-wide circuit breaker halts trading (nor in its pre-open auction). */
  notHalted(): void {
    const halt = this.market.halt();
    if (halt) throw refused(marketHalted(halt.quoteHalt), 422);
  }

  /** A new intraday order after the cut-off is refused until the next session's MIS window opens. */
  intradayOpen(intent: Intent): void {
    if (intent.product !== 'MIS') return;
    const cutoff = this.intradayCutoff(intent.instrument);
    if (cutoff.passed) throw refused(intradayCutoffPassed(cutoff), 422);
  }

  /** The market as an order sees it now: the last price in paise, whether it trades, a circuit lock. */
  async marketNow(instrument: Instrument): Promise<MarketNow> {
    const quote = await this.market.quote(instrument.symbol);
    const side = quote.circuitLock;
    const limit = side === 'UPPER' ? quote.upperCircuit : side === 'LOWER' ? quote.lowerCircuit : null;
    return {
      pricePaise: rupeesToPaise(quote.price),
      open: this.market.status(instrument.exchange).marketOpen,
      lock: side && limit !== null ? { side, limit } : null,
    };
  }
}
