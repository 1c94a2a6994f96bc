import {
  createGttRequestSchema,
  describeGtt,
  gttPriceIssues,
  plural,
  roundToTick,
  type Gtt,
} from '@nivesh/shared';
import { dateIst, money } from '../saytrix.format.js';
import { aboutOne, askForStock, quoteAsOf, says, stockData } from './phrasing.js';
import { changeGtt, oneActiveGtt } from './gtt-change.js';
import type { Draft, Handler, HandlerDeps, Turn } from './types.js';

const line = (g: Gtt) => `- ${describeGtt(g)} (until ${dateIst(g.expiresAt)})`;

/** Active GTTs, and — on an instruction only — a single-leg create, change or delete proposal. */
export const gtt: Handler = async (turn, d) => {
  const { parsed } = turn;
  if (
    parsed.imperative === true &&
    (parsed.op === 'delete' || parsed.op === 'cancel' || parsed.op === 'remove')
  )
    return remove(turn, d);
  if (parsed.imperative === true && (parsed.op === 'change' || parsed.op === 'modify'))
    return changeGtt(turn, d);
  if (
    parsed.imperative === true &&
    (parsed.op === 'create' || parsed.op === 'add' || parsed.op === undefined)
  )
    return create(turn, d);
  return list(turn, d);
};

async function list({ userId, parsed }: Turn, d: HandlerDeps): Promise<Draft> {
  const symbol = parsed.symbols[0];
  const active = (await d.tools.gtts(userId)).filter((g) => !symbol || g.symbol === symbol);
  if (!active.length)
    return {
      intent: 'gtt',
      response: `You have no active GTTs${symbol ? ` on **${symbol}**` : ''}.`,
      action: 'navigate',
      params: { path: '/orders', ...aboutOne(parsed) },
      suggestions: ['Show my orders', 'Show my alerts'],
      confidence: 'high',
    };
  return {
    intent: 'gtt',
    response: [
      `You have ${plural(active.length, 'active GTT')}${symbol ? ` on ${symbol}` : ''}:`,
      active.slice(0, 10).map(line).join('\n'),
    ].join('\n\n'),
    action: 'navigate',
    params: { path: '/orders', ...aboutOne(parsed) },
    suggestions: ['Show my orders', 'Show my alerts'],
    confidence: 'high',
  };
}

async function create({ userId, parsed }: Turn, d: HandlerDeps): Promise<Draft> {
  if (!parsed.symbols.length)
    return askForStock(parsed, 'Which stock should the GTT trade? For example: “GTT sell 10 ITC at 400”.');
  const q = await d.tools.quote(parsed.symbols[0]!);
  // A stop-loss GTT with no side named protects shares held: it sells. Otherwise an unnamed side
  // is asked, never guessed: a GTT at a level below the price may be a dip buy or a stop-loss sell.
  const side = parsed.side ?? (parsed.intent === 'sell' || parsed.orderType === 'STOP' ? 'SELL' : undefined);
  const given = parsed.triggerPrice ?? parsed.price ?? parsed.alertPrice;
  if (side === undefined) {
    const example = `${parsed.quantity ?? 10} ${q.symbol} at ${given ?? '…'}`;
    return says(
      'gtt',
      `Should the GTT buy or sell **${q.symbol}**? It is at ${money(q, q.price)} now; for example “GTT buy ${example}” or “GTT sell ${example}”.`,
      given === undefined ? [] : [`GTT buy ${example}`, `GTT sell ${example}`],
      q.symbol,
    );
  }
  if (given === undefined || parsed.quantity === undefined) {
    // Name only what is missing: the quantity or price the user gave is kept in the example.
    const missing = [
      parsed.quantity === undefined ? 'a quantity' : '',
      given === undefined ? 'a trigger price' : '',
    ]
      .filter(Boolean)
      .join(' and ');
    return says(
      'gtt',
      `The GTT still needs ${missing}. **${q.symbol}** is at ${money(q, q.price)} now; for example “GTT ${side.toLowerCase()} ${parsed.quantity ?? 10} ${q.symbol} at ${given ?? '…'}”.`,
      [],
      q.symbol,
    );
  }
  // One price given: it is both trigger and limit, on the tick grid.
  const triggerPrice = roundToTick(given, q.currency);
  const limitPrice = roundToTick(
    parsed.triggerPrice !== undefined && parsed.price !== undefined ? parsed.price : given,
    q.currency,
  );
  const body = {
    symbol: q.symbol,
    kind: 'single' as const,
    side,
    quantity: parsed.quantity,
    ...(parsed.product ? { product: parsed.product } : {}),
    legs: [{ triggerPrice, limitPrice }],
  };
  // The GTT module's own rules, so a proposal the GTT screen would refuse is never offered.
  const shape = createGttRequestSchema.safeParse(body);
  const issue = shape.success
    ? gttPriceIssues({ kind: 'single', legs: body.legs }, q.price)[0]
    : shape.error.issues[0];
  if (issue)
    return says(
      'gtt',
      `That GTT would be refused: ${issue.message}. **${q.symbol}** is at ${money(q, q.price)} now.`,
      [],
      q.symbol,
    );
  if (side === 'SELL') {
    const held = (await d.tools.holdings(userId))
      .filter((h) => h.symbol === q.symbol)
      .reduce((n, h) => n + h.quantity, 0);
    if (held < parsed.quantity)
      return says(
        'gtt',
        `You hold ${plural(held, 'share')} of **${q.symbol}**; a sell GTT can exit at most the shares you hold.`,
        [],
        q.symbol,
      );
  }
  return {
    intent: 'gtt',
    response: [
      `Create a GTT: ${describeGtt({ kind: 'single', side, quantity: parsed.quantity, symbol: q.symbol, legs: [{ triggerPrice, limitPrice, direction: triggerPrice > q.price ? 'up' : 'down' }] })}? **${q.symbol}** is at ${money(q, q.price)} now. Confirm it on the card.`,
      quoteAsOf(d, q),
    ].join('\n\n'),
    action: 'create_gtt',
    params: {
      symbol: q.symbol,
      side,
      quantity: parsed.quantity,
      triggerPrice,
      limitPrice,
      ...(parsed.product ? { product: parsed.product } : {}),
    },
    stockData: stockData(q),
    suggestions: ['Show my GTTs'],
    confidence: 'high',
  };
}

async function remove({ userId, parsed }: Turn, d: HandlerDeps): Promise<Draft> {
  const symbol = parsed.symbols[0];
  const picked = await oneActiveGtt(userId, symbol, 'delete', d);
  if (!('gtt' in picked)) return picked;
  const g = picked.gtt;
  return {
    intent: 'gtt',
    response: `Delete your GTT: ${describeGtt(g)}? Confirm it on the card.`,
    action: 'delete_gtt',
    params: { gttId: g.id, symbol: g.symbol, side: g.side, quantity: g.quantity },
    suggestions: ['Show my GTTs'],
    confidence: 'high',
  };
}
