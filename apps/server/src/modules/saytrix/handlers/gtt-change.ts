import {
  describeGtt,
  gttPriceIssues,
  gttShapeIssues,
  plural,
  roundToTick,
  updateGttRequestSchema,
  type Gtt,
} from '@nivesh/shared';
import { dateIst, money } from '../saytrix.format.js';
import { followUpContext, quoteAsOf, says, stockData } from './phrasing.js';
import type { Draft, HandlerDeps, Turn } from './types.js';

const line = (g: Gtt) => `- ${describeGtt(g)} (until ${dateIst(g.expiresAt)})`;

/**
 * The asker's one active GTT (on `symbol` when named) for a change or delete; otherwise the draft
 * that says there is none, or lists them and asks which.
 */
export async function oneActiveGtt(
  userId: string,
  symbol: string | undefined,
  verb: 'change' | 'delete',
  d: HandlerDeps,
): Promise<Draft | { gtt: Gtt }> {
  const active = (await d.tools.gtts(userId)).filter((g) => !symbol || g.symbol === symbol);
  if (!active.length)
    return says(
      'gtt',
      `You have no active GTT${symbol ? ` on **${symbol}**` : ''} to ${verb}.`,
      ['Show my GTTs'],
      symbol,
    );
  if (active.length > 1)
    return {
      intent: 'gtt',
      response: [
        `You have ${plural(active.length, 'active GTT')}${symbol ? ` on ${symbol}` : ''}. Which one should I ${verb}?`,
        active.slice(0, 5).map(line).join('\n'),
      ].join('\n\n'),
      suggestions: active
        .slice(0, 4)
        .map((g) => (verb === 'change' ? `Change my ${g.symbol} GTT to …` : `Delete my ${g.symbol} GTT`)),
      confidence: 'medium',
    };
  return { gtt: active[0]! };
}

/**
 * "change my itc gtt to 270", "make the gtt 3 shares": a modify proposal for the asker's one
 * active single-leg GTT on that stock, checked by the GTT module's own rules before it is offered.
 */
export async function changeGtt(turn: Turn, d: HandlerDeps): Promise<Draft> {
  const { userId, parsed } = turn;
  const symbol = parsed.symbols[0] ?? turn.context.last?.symbols[0];
  const picked = await oneActiveGtt(userId, symbol, 'change', d);
  if (!('gtt' in picked)) return picked;
  const g = picked.gtt;
  // Both legs of an OCO move together with the price; the GTT screen shows them side by side.
  if (g.kind !== 'single')
    return says(
      'gtt',
      `Your **${g.symbol}** GTT is an OCO (${describeGtt(g)}); change its two legs on the Orders screen's GTT tab.`,
      ['Show my GTTs'],
      g.symbol,
    );
  const leg = g.legs[0]!;
  const level = parsed.triggerPrice ?? parsed.price ?? parsed.alertPrice;
  if (level === undefined && parsed.quantity === undefined)
    return says(
      'gtt',
      `What should change on your GTT (${describeGtt(g)}): the quantity or the trigger price? For example “change my ${g.symbol} GTT to ${leg.triggerPrice}”.`,
      [],
      g.symbol,
    );
  const q = await d.tools.quote(g.symbol);
  const triggerPrice = level === undefined ? leg.triggerPrice : roundToTick(level, q.currency);
  // A new level keeps the gap between trigger and limit the GTT was set with.
  const limitPrice =
    level === undefined
      ? leg.limitPrice
      : parsed.triggerPrice !== undefined && parsed.price !== undefined
        ? roundToTick(parsed.price, q.currency)
        : roundToTick(triggerPrice + (leg.limitPrice - leg.triggerPrice), q.currency);
  const quantity = parsed.quantity ?? g.quantity;
  if (quantity === g.quantity && triggerPrice === leg.triggerPrice && limitPrice === leg.limitPrice)
    return says('gtt', `Your GTT is already ${describeGtt(g)}.`, ['Show my GTTs'], g.symbol);
  const legs = [{ triggerPrice, limitPrice }];
  const shape = updateGttRequestSchema.safeParse({ quantity, legs });
  const issue = shape.success
    ? (gttShapeIssues({ kind: 'single', side: g.side, legs })[0] ??
      gttPriceIssues({ kind: 'single', legs }, q.price)[0])
    : shape.error.issues[0];
  if (issue)
    return says(
      'gtt',
      `That change would be refused: ${issue.message}. **${g.symbol}** is at ${money(q, q.price)} now.`,
      [],
      g.symbol,
    );
  if (g.side === 'SELL') {
    const held = (await d.tools.holdings(userId))
      .filter((h) => h.symbol === g.symbol)
      .reduce((n, h) => n + h.quantity, 0);
    if (held < quantity)
      return says(
        'gtt',
        `You hold ${plural(held, 'share')} of **${g.symbol}**; a sell GTT can exit at most the shares you hold.`,
        [],
        g.symbol,
      );
  }
  const after = { ...g, quantity, legs: [{ ...leg, triggerPrice, limitPrice }] };
  const context = followUpContext(turn);
  return {
    intent: 'gtt',
    response: [
      `Change your GTT from ${describeGtt(g)} to ${describeGtt(after)}? **${g.symbol}** is at ${money(q, q.price)} now. Confirm it on the card.`,
      quoteAsOf(d, q),
    ].join('\n\n'),
    action: 'modify_gtt',
    params: {
      gttId: g.id,
      symbol: g.symbol,
      side: g.side,
      quantity,
      triggerPrice,
      limitPrice,
      from: { quantity: g.quantity, triggerPrice: leg.triggerPrice, limitPrice: leg.limitPrice },
    },
    stockData: stockData(q),
    suggestions: ['Show my GTTs'],
    confidence: 'high',
    ...(context ? { context } : {}),
  };
}
