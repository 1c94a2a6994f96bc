import { AppError } from '../../../lib/errors.js';
import {
  DEFAULT_PRODUCT,
  plural,
  type EquityProduct,
  type Quote,
  type SaytrixTradeParams,
} from '@nivesh/shared';
import { count, inr, money } from '../saytrix.format.js';
import { askForStock, followUpContext, itemise, quoteAsOf, stockData } from './phrasing.js';
import type { Draft, Handler, HandlerDeps, Turn } from './types.js';

/** A buy or sell proposal, checked against the order rules by the order preview; never placed here. */
export const trade: Handler = async (turn, d) => {
  const { userId, parsed, expert } = turn;
  const side = parsed.intent === 'sell' ? 'SELL' : 'BUY';
  const verb = side === 'BUY' ? 'buy' : 'sell';
  if (!parsed.symbols.length)
    return askForStock(parsed, `Which stock would you like to ${verb}? For example: “${verb} 10 TCS”.`);
  const symbol = parsed.symbols[0]!;
  const q = await d.tools.quote(symbol);
  if (q.exchange === 'INDEX')
    return {
      intent: parsed.intent,
      response: `${q.name} is an index; it cannot be traded. Try a stock, for example “${verb} 10 TCS”.`,
      confidence: 'low',
    };
  // A question about buying or selling ("should I sell TCS?", "did my sell go through?") gets the
  // facts, never an order: only an instruction may carry a proposal.
  if (parsed.imperative !== true)
    return {
      intent: parsed.intent,
      response: [
        `**${q.name} (${q.symbol})** is at ${money(q, q.price)} now. I prepare an order only when you ask for one, for example “${verb} 1 ${q.symbol}”; I don't give advice on whether to ${verb}.`,
        quoteAsOf(d, q),
      ].join('\n\n'),
      stockData: stockData(q),
      suggestions: [
        `${verb === 'buy' ? 'Buy' : 'Sell'} 1 ${q.symbol}`,
        `${q.symbol} chart`,
        'Show my orders',
      ],
      confidence: 'medium',
    };
  let quantity = parsed.quantity;
  let heldProduct: EquityProduct | undefined;
  const notes: string[] = [];
  const part = fractionOfProposal(turn, symbol);
  if (part) {
    quantity = part.quantity;
    notes.push(part.note);
    if (quantity < 1)
      return {
        intent: parsed.intent,
        response: `${part.note} That is less than one share; say how many shares instead.`,
        stockData: stockData(q),
        confidence: 'high',
      };
  }
  if (side === 'SELL' && !part && (parsed.fraction || quantity === undefined)) {
    const sized = await sellFromHolding(turn, d, q, symbol, quantity, notes);
    if ('response' in sized) return sized;
    ({ quantity, heldProduct } = sized);
  }
  if (quantity === undefined && parsed.amount !== undefined) {
    const at = parsed.orderType === 'LIMIT' && parsed.price ? parsed.price : q.price;
    quantity = Math.floor(parsed.amount / at);
    notes.push(`${inr(parsed.amount)} at ${money(q, at)} buys ${plural(quantity, 'share')}.`);
    if (quantity < 1)
      return {
        intent: parsed.intent,
        response: `${inr(parsed.amount)} is less than one share of **${q.symbol}** at ${money(q, at)}.`,
        stockData: stockData(q),
        confidence: 'high',
      };
  }
  const orderType = parsed.orderType ?? 'MARKET';
  const product = parsed.product ?? heldProduct ?? DEFAULT_PRODUCT;
  const params: SaytrixTradeParams = { symbol, orderType, product };
  if (quantity !== undefined) params.quantity = quantity;
  if (orderType === 'LIMIT' && parsed.price) params.price = parsed.price;
  if (orderType === 'STOP' && parsed.triggerPrice) params.triggerPrice = parsed.triggerPrice;
  const how =
    orderType === 'LIMIT'
      ? ` with a limit of ${money(q, params.price!)}`
      : orderType === 'STOP'
        ? ` with a stop trigger at ${money(q, params.triggerPrice!)}`
        : ' at market';
  const lines = [
    `Ready to **${verb} ${quantity !== undefined ? `${count(quantity)} ` : ''}${q.symbol}**${how}. ${q.symbol} is at ${money(q, q.price)} now.`,
    ...notes,
  ];
  const wouldBeRefused = (message: string, rule?: string) => ({
    intent: parsed.intent,
    response: [
      ...lines,
      `⚠️ This order would be refused: ${message}.`,
      ...(rule ? [rule] : []),
      quoteAsOf(d, q),
    ].join('\n\n'),
    action: side === 'BUY' ? ('buy_stock' as const) : ('sell_stock' as const),
    params,
    stockData: stockData(q),
    suggestions: [`${q.symbol} chart`, 'How much cash do I have?'],
    confidence: 'high' as const,
  });
  // A market-wide halt refuses every order until the reopen (inside a replay too, where there is no
  // preview to say so): the quote carries it.
  if (q.marketHalt) return wouldBeRefused(q.marketHalt.message.replace(/\.$/, ''));
  if (quantity !== undefined && q.currency === 'INR' && d.tools.feePreview) {
    const preview = await d.tools
      .feePreview(userId, {
        symbol,
        type: side,
        orderType,
        quantity,
        price: params.price,
        triggerPrice: params.triggerPrice,
        validity: 'DAY',
        product,
      })
      .catch((error: unknown) => {
        // An order rule refuses this order as asked: say which rule, with its numbers, instead
        // of failing the chat. The order dialog will show the same refusal and its fix.
        if (error instanceof AppError && error.statusCode < 500) return error;
        throw error;
      });
    if (preview instanceof AppError)
      return wouldBeRefused(
        preview.message,
        typeof preview.extra?.rule === 'string' ? preview.extra.rule : undefined,
      );
    lines.push(
      side === 'BUY'
        ? `Estimated cost ${inr(preview.total)} (trade ${inr(preview.tradeValue)} + charges ${inr(preview.fees.total)}); you have ${inr(preview.availableCash)} available.`
        : `Estimated proceeds ${inr(preview.total)} (trade ${inr(preview.tradeValue)} − charges ${inr(preview.fees.total)}).`,
    );
    if (!preview.sufficient && preview.message) lines.push(`⚠️ ${preview.message}`);
    if (expert) lines.push(itemise(preview.fees));
  }
  lines.push(
    'Review it in the order dialog and confirm there — I never place orders myself.',
    quoteAsOf(d, q),
  );
  return {
    intent: parsed.intent,
    response: lines.join('\n\n'),
    action: side === 'BUY' ? 'buy_stock' : 'sell_stock',
    params,
    stockData: stockData(q),
    // Inside a replay there is no charges preview to ask for.
    suggestions: [
      ...(d.tools.feePreview ? [`Charges for ${verb}ing ${quantity ?? 1} ${q.symbol}`] : []),
      `${q.symbol} chart`,
      'How much cash do I have?',
    ],
    confidence: parsed.fromContext ? 'medium' : 'high',
    ...(followUpContext(turn) ? { context: followUpContext(turn) } : {}),
  };
};

/**
 * "Actually half of it" right after a buy or sell proposal of the same stock edits that
 * proposal's quantity (half of the 8 asked for is 4), not the holding: "it" is the order just
 * proposed. "All of it" on a sell still means the whole holding, read below.
 */
function fractionOfProposal(turn: Turn, symbol: string): { quantity: number; note: string } | undefined {
  const { parsed } = turn;
  const last = turn.context.last;
  if (parsed.fraction !== 'half' && parsed.fraction !== 'quarter') return undefined;
  if (parsed.quantity !== undefined || !parsed.followUp?.edited.includes('fraction')) return undefined;
  if (last?.action !== 'buy_stock' && last?.action !== 'sell_stock') return undefined;
  if (last.quantity === undefined || last.symbols[0] !== symbol) return undefined;
  const quantity = Math.floor(last.quantity / (parsed.fraction === 'half' ? 2 : 4));
  return {
    quantity,
    note: `${parsed.fraction === 'half' ? 'Half' : 'A quarter'} of the ${plural(last.quantity, 'share')} in your last request is ${count(quantity)}.`,
  };
}

/**
 * A sell without its own size ("sell my reliance", "sell half my itc") sized from the holding;
 * a reply instead when there is nothing (or less than a share) to sell. Notes say how it was sized.
 */
async function sellFromHolding(
  turn: Turn,
  d: HandlerDeps,
  q: Quote,
  symbol: string,
  asked: number | undefined,
  notes: string[],
): Promise<Draft | { quantity: number | undefined; heldProduct: EquityProduct | undefined }> {
  const { userId, parsed } = turn;
  let quantity = asked;
  let heldProduct: EquityProduct | undefined;
  // The product asked for; unsaid, delivery, or the one product the symbol is held under.
  const mine = (await d.tools.holdings(userId)).filter((h) => h.symbol === symbol);
  const held =
    mine.find((h) => h.product === (parsed.product ?? DEFAULT_PRODUCT)) ??
    (parsed.product ? undefined : mine[0]);
  // A stock's holding is delivery or intraday; NRML is the F&O book's, never a share's.
  if (held && held.product !== 'NRML') heldProduct = held.product;
  if (!held) {
    return {
      intent: 'sell',
      response: `You don't hold any **${q.symbol}**, so there is nothing to sell.`,
      stockData: stockData(q),
      suggestions: ['Portfolio analysis', `Price of ${q.symbol}`],
      confidence: 'high',
    };
  }
  // "sell my reliance", "square off my itc", "sell all my itc": no size (or all) means the
  // position, less what pending sells already hold back, and the card says so.
  const whole = parsed.fraction === 'all' || (!parsed.fraction && quantity === undefined);
  if (whole && parsed.amount === undefined) {
    quantity = held.sellableQuantity;
    notes.push(
      held.reservedQuantity > 0
        ? `You hold ${count(held.quantity)}; ${count(held.reservedQuantity)} held back by pending sells, so ${count(quantity)} to sell.`
        : `You hold ${count(held.quantity)}; all of them.`,
    );
    if (quantity < 1)
      return {
        intent: 'sell',
        response: `All ${count(held.quantity)} ${q.symbol} you hold are held back by pending sells; cancel or change those first.`,
        confidence: 'high',
      };
  }
  if (parsed.fraction && parsed.fraction !== 'all') {
    quantity = Math.floor(held.quantity / (parsed.fraction === 'half' ? 2 : 4));
    notes.push(`You hold ${count(held.quantity)}; ${parsed.fraction} is ${count(quantity)}.`);
    if (quantity < 1)
      return {
        intent: 'sell',
        response: `You hold only ${count(held.quantity)} ${q.symbol}, so ${parsed.fraction} of it is less than one share.`,
        confidence: 'high',
      };
  }
  return { quantity, heldProduct };
}
