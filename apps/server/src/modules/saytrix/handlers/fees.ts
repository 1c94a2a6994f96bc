import { DEFAULT_PRODUCT } from '@nivesh/shared';
import { feeRules } from '../saytrix.concepts.js';
import { count, inr, money } from '../saytrix.format.js';
import { NO_PREVIEW, itemise, stockReply } from './phrasing.js';
import type { Handler } from './types.js';

/** What a trade would cost: the order preview's charges, itemised. */
export const fees: Handler = async ({ userId, parsed, expert }, d) => {
  const side = parsed.side ?? 'BUY';
  if (!parsed.symbols.length) {
    return {
      intent: 'fees',
      response: `Charges depend on the stock and quantity. Try “charges for buying 10 TCS”.\n\n${feeRules()
        .map((r) => `- ${r}`)
        .join('\n')}`,
      confidence: 'medium',
    };
  }
  const symbol = parsed.symbols[0]!;
  let quantity = parsed.quantity;
  const q = await d.tools.quote(symbol);
  if (quantity === undefined && parsed.amount !== undefined) quantity = Math.floor(parsed.amount / q.price);
  quantity ??= 1;
  if (quantity < 1)
    return {
      intent: 'fees',
      response: `${inr(parsed.amount!)} is less than one share of **${q.symbol}** at ${money(q, q.price)}.`,
      confidence: 'high',
    };
  const orderType = parsed.orderType === 'LIMIT' && parsed.price ? 'LIMIT' : 'MARKET';
  if (!d.tools.feePreview) return stockReply(d, 'fees', q, [NO_PREVIEW], [`Price of ${q.symbol}`]);
  const preview = await d.tools.feePreview(userId, {
    symbol,
    type: side,
    orderType,
    quantity,
    price: orderType === 'LIMIT' ? parsed.price : undefined,
    validity: 'DAY',
    product: parsed.product ?? DEFAULT_PRODUCT,
  });
  const verb = side === 'BUY' ? 'Buying' : 'Selling';
  const lines = [
    `${verb} **${count(quantity)} ${q.symbol}** at ${inr(preview.price)} is a trade of ${inr(preview.tradeValue)}. Charges: **${inr(preview.fees.total)}**; ${side === 'BUY' ? 'total cost' : 'you receive'} **${inr(preview.total)}**.`,
    itemise(preview.fees),
  ];
  if (expert)
    lines.push(
      `**Fee schedule (${'intraday'}):**\n${feeRules()
        .map((r) => `- ${r}`)
        .join('\n')}`,
    );
  const reply = stockReply(d, 'fees', q, lines, [
    `${side === 'BUY' ? 'Buy' : 'Sell'} ${quantity} ${q.symbol}`,
    `Charges for ${side === 'BUY' ? 'selling' : 'buying'} ${quantity} ${q.symbol}`,
    'What is STT?',
  ]);
  // The order the charges were worked out for, as the client's card shows it.
  return {
    ...reply,
    params: { symbol: q.symbol, side, quantity, product: parsed.product ?? DEFAULT_PRODUCT },
  };
};
