import { formatInr } from '../lib/money.js';
import { REFUSAL_CODES } from '../trading/refusal.schema.js';
import type { Refusal } from '../trading/refusals.js';
import type { OrderSide, OrderType } from '../trading/order.schema.js';
import type { Product } from '../trading/product.js';
import { CLASS_UNIVERSE_LABELS, universeSymbols, type ClassRules } from './class.schema.js';

/** What a class rule looks at in one order request (money in paise). */
export interface ClassRuleInput {
  symbol: string;
  side: OrderSide;
  orderType: OrderType;
  product: Product;
  quantity: number;
  /** The price the order would trade at: its limit or trigger, else the market price. */
  pricePaise: bigint;
  /** The stock's last price. */
  marketPricePaise: bigint;
  note: string | undefined;
  /** IST date of the order (YYYY-MM-DD), against the class's dates. */
  today: string;
  startDate: string;
  endDate: string;
  /** Filled only when a rule needs them (see `needs`). */
  tradesToday?: number;
  heldQuantity?: number;
  restingBuyQuantity?: number;
  portfolioValuePaise?: bigint;
}

const refusal = (rule: string, message: string, suggestion?: { quantity: number }): Refusal => ({
  code: REFUSAL_CODES.classRule,
  rule,
  message,
  ...(suggestion ? { suggestion, field: 'quantity' as const } : {}),
});

/** Which figures the rules need read from the database for this order. */
export function classRuleNeeds(rules: ClassRules, side: OrderSide) {
  return {
    tradesToday: rules.maxTradesPerDay !== undefined,
    position: rules.maxPositionPercent !== undefined && side === 'BUY',
  };
}

/**
 * The first class rule this order breaks (issue 26), as a refusal with the rule in the message
 * and, where one exists, the largest quantity that passes; null when every rule allows it. Pure:
 * the server reads the figures (`classRuleNeeds`) and refuses before anything is reserved; the
 * order ticket checks what it knows (the figures left out) to disable with the same reason.
 */
export function classRuleBreach(rules: ClassRules, o: ClassRuleInput): Refusal | null {
  if (o.today < o.startDate || o.today > o.endDate)
    return refusal(
      `Class dates ${o.startDate} to ${o.endDate}`,
      o.today < o.startDate
        ? `The class starts on ${o.startDate}: trading opens then`
        : `The class ended on ${o.endDate}: its portfolios are final`,
    );
  if (rules.requireTradeNote && !o.note?.trim())
    return refusal(
      'Trade note required',
      'Your class requires a trade note: say why you are placing this order',
    );
  if (rules.allowedOrderTypes && !rules.allowedOrderTypes.includes(o.orderType))
    return refusal(
      `Order types: ${rules.allowedOrderTypes.join(', ')}`,
      `Your class allows only ${rules.allowedOrderTypes.map((t) => t.toLowerCase()).join(', ')} orders`,
    );
  if (rules.allowMIS === false && o.product === 'MIS')
    return refusal(
      'No intraday (MIS)',
      'Your class does not allow intraday (MIS) orders: use delivery (CNC)',
    );
  if (o.side === 'BUY' && rules.universe !== undefined) {
    const allowed =
      typeof rules.universe === 'string' ? universeSymbols(rules.universe) : new Set(rules.universe);
    if (allowed && !allowed.has(o.symbol))
      return refusal(
        `Universe: ${typeof rules.universe === 'string' ? rules.universe : 'a list'}`,
        typeof rules.universe === 'string'
          ? `Your class trades only stocks in the ${CLASS_UNIVERSE_LABELS[rules.universe]}; ${o.symbol} is not one`
          : `Your class trades only ${rules.universe.join(', ')}; ${o.symbol} is not on the list`,
      );
  }
  if (o.side === 'BUY' && rules.minPrice !== undefined && Number(o.marketPricePaise) < rules.minPrice * 100)
    return refusal(
      `Minimum price ₹${rules.minPrice}`,
      `Your class does not buy stocks priced below ${formatInr(rules.minPrice)}; ${o.symbol} is at ${formatInr(Number(o.marketPricePaise) / 100)}`,
    );
  if (rules.maxTradesPerDay !== undefined && (o.tradesToday ?? 0) >= rules.maxTradesPerDay)
    return refusal(
      `At most ${rules.maxTradesPerDay} orders a day`,
      `Your class allows at most ${rules.maxTradesPerDay} order${rules.maxTradesPerDay === 1 ? '' : 's'} a day; try again tomorrow`,
    );
  if (o.side === 'BUY' && rules.maxPositionPercent !== undefined && o.portfolioValuePaise !== undefined) {
    const pct = rules.maxPositionPercent;
    const capPaise = (o.portfolioValuePaise * BigInt(pct)) / 100n;
    const already = BigInt((o.heldQuantity ?? 0) + (o.restingBuyQuantity ?? 0));
    const after = (already + BigInt(o.quantity)) * o.pricePaise;
    if (after > capPaise) {
      const room = o.pricePaise > 0n ? capPaise / o.pricePaise - already : 0n;
      const largest = room > 0n ? Number(room) : 0;
      return refusal(
        `Position cap ${pct}%`,
        `Positions are capped at ${pct}% of your class portfolio (${formatInr(Number(capPaise) / 100)}): ` +
          (largest > 0
            ? `you can buy at most ${largest} more ${o.symbol}`
            : `you already hold as much ${o.symbol} as the cap allows`),
        largest > 0 ? { quantity: largest } : undefined,
      );
    }
  }
  return null;
}
