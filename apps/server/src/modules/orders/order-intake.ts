import {
  checkOrderPrice,
  intradayCutoff,
  intradayCutoffPassed,
  type IntradayCutoff,
  type Product,
  checkQuantity,
  isTradable,
  paiseToRupees,
  priceBand,
  priceOutsideBand,
  rupeesToPaise,
  VIEW_ONLY_MESSAGE,
  type Instrument,
  type PreviewOrderRequest,
  type Refusal,
} from '@nivesh/shared';
import { AppError, unprocessable } from '../../lib/errors.js';
import type { MarketService } from '../market/market.service.js';
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

/**
 * What an order request is checked against before any money is looked at — the instrument, the
 * tick grid, the quantity rules and the day's price band — shared by placing, modifying and
 * previewing, so all three refuse alike. Reads the market only; writes nothing.
 */
export class OrderIntake {
  constructor(private readonly market: MarketService) {}

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
   * A limit or trigger outside the day's ±20% band of the previous close could not trade today
   * (and far outside it is a typo); it is refused with the band, so the user can correct it.
   */
  async withinBand(instrument: Instrument, prices: { price?: bigint | null; triggerPrice?: bigint | null }) {
    const given = (Object.entries(prices) as ['price' | 'triggerPrice', bigint | null | undefined][]).filter(
      (entry): entry is ['price' | 'triggerPrice', bigint] => typeof entry[1] === 'bigint',
    );
    if (given.length === 0) return;
    const quote = await this.market.quote(instrument.symbol);
    const { lower, upper } = priceBand(quote.previousClose, instrument.currency);
    for (const [field, paise] of given) {
      if (paise >= rupeesToPaise(lower) && paise <= rupeesToPaise(upper)) continue;
      throw refused(priceOutsideBand(paiseToRupees(paise), quote.previousClose, field), 422);
    }
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

  /** A new intraday order after the cut-off is refused until the next session's MIS window opens. */
  intradayOpen(intent: Intent): void {
    if (intent.product !== 'MIS') return;
    const cutoff = this.intradayCutoff(intent.instrument);
    if (cutoff.passed) throw refused(intradayCutoffPassed(cutoff), 422);
  }

  /** The market as an order sees it now: the last price in paise, and whether it trades. */
  async marketNow(instrument: Instrument): Promise<{ pricePaise: bigint; open: boolean }> {
    const quote = await this.market.quote(instrument.symbol);
    return {
      pricePaise: rupeesToPaise(quote.price),
      open: this.market.status(instrument.exchange).marketOpen,
    };
  }
}
