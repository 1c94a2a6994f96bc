import { DEFAULT_PRODUCT, FIGURES, plural } from '@nivesh/shared';
import { inr, money } from '../saytrix.format.js';
import { NO_PREVIEW, nowAsOf, stockData } from './phrasing.js';
import type { Draft, Handler, HandlerDeps, Turn } from './types.js';

export const cash: Handler = async (turn, d) => {
  const { userId, expert, parsed } = turn;
  const account = await d.tools.account(userId);
  // "Can I afford 5 TCS?" names a buy: the answer is that buy's cost against the cash.
  if (parsed.symbols.length === 1 && (parsed.quantity !== undefined || parsed.amount !== undefined))
    return afford(turn, d, account.availableCash);
  const lines = [`You have **${inr(account.availableCash)}** available to trade.`];
  if (account.reserved > 0)
    lines.push(
      `${inr(account.reserved)} is reserved for pending orders, so your cash balance is ${inr(account.balance)}.`,
    );
  if (expert)
    lines.push(
      `${FIGURES.holdingsValue.name} ${inr(account.portfolioValue)} (${FIGURES.invested.name.toLowerCase()} ${inr(account.totalInvested)}).`,
    );
  lines.push(nowAsOf(d));
  return {
    intent: 'cash',
    response: lines.join('\n\n'),
    suggestions: ['Portfolio analysis', 'Show my orders', "What are today's top gainers?"],
  };
};

/** The cost of the named buy (the order preview: price × quantity + charges) against Available Cash. */
async function afford({ userId, parsed }: Turn, d: HandlerDeps, available: number): Promise<Draft> {
  const q = await d.tools.quote(parsed.symbols[0]!);
  const quantity = parsed.quantity ?? Math.floor(parsed.amount! / q.price);
  const cashLine = `${FIGURES.availableCash.name}: **${inr(available)}**.`;
  if (quantity < 1)
    return {
      intent: 'cash',
      response: [
        `${inr(parsed.amount!)} is less than one share of **${q.symbol}** at ${money(q, q.price)}.`,
        cashLine,
      ].join('\n\n'),
      stockData: stockData(q),
      params: { symbol: q.symbol },
      confidence: 'high',
    };
  if (!d.tools.feePreview)
    return {
      intent: 'cash',
      response: [NO_PREVIEW, cashLine, nowAsOf(d)].join('\n\n'),
      stockData: stockData(q),
      params: { symbol: q.symbol, quantity },
      confidence: 'high',
    };
  const preview = await d.tools.feePreview(userId, {
    symbol: q.symbol,
    type: 'BUY',
    orderType: 'MARKET',
    quantity,
    validity: 'DAY',
    product: parsed.product ?? DEFAULT_PRODUCT,
  });
  const enough = preview.total <= available;
  return {
    intent: 'cash',
    response: [
      `Buying ${plural(quantity, 'share')} of **${q.symbol}** at ${inr(preview.price)} costs about **${inr(preview.total)}** with charges (${inr(preview.fees.total)}).`,
      `${cashLine} ${enough ? 'That is enough.' : `That is ${inr(preview.total - available)} short.`}`,
      nowAsOf(d),
    ].join('\n\n'),
    stockData: stockData(q),
    params: { symbol: q.symbol, quantity },
    suggestions: enough ? [`Buy ${quantity} ${q.symbol}`, `Price of ${q.symbol}`] : ['Portfolio analysis'],
    confidence: 'high',
  };
}
