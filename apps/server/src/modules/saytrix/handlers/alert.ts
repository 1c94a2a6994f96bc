import { plural, type Alert, type Quote } from '@nivesh/shared';
import { inr, money, pct } from '../saytrix.format.js';
import { aboutOne, askForStock, followUpContext, quoteAsOf, says, stockData } from './phrasing.js';
import type { Draft, Handler, HandlerDeps, Turn } from './types.js';

const CONDITION_WORDS: Record<Alert['condition'], string> = {
  above: 'goes above',
  below: 'goes below',
  crosses_up: 'crosses up through',
  crosses_down: 'crosses down through',
};

function describe(a: Alert): string {
  const level =
    a.watch === 'price'
      ? inr(a.value)
      : a.watch === 'dayChangePct'
        ? `${pct(a.value)} today`
        : `volume ${a.value}`;
  return `**${a.symbol}** ${CONDITION_WORDS[a.condition]} ${level} (${a.status.toLowerCase()})`;
}

/** The user's alerts: list, and — on an instruction only — create, change or delete proposals. */
export const alert: Handler = async (turn, d) => {
  const { parsed } = turn;
  const op = parsed.op ?? (parsed.imperative ? 'create' : parsed.symbols.length ? 'status' : 'list');
  // "Change it to 320" right after a set-alert proposal edits that proposal: nothing was created
  // yet, so it is a new set-alert proposal at the new level, not a change to an older alert.
  const editsProposal =
    parsed.followUp !== undefined &&
    turn.context.last?.action === 'set_alert' &&
    op !== 'delete' &&
    op !== 'remove';
  if (parsed.imperative === true && (op === 'create' || op === 'add' || editsProposal))
    return create(turn, d);
  if (
    parsed.imperative === true &&
    (op === 'change' || op === 'modify' || op === 'delete' || op === 'remove')
  )
    return changeOrDelete(turn, d, op === 'delete' || op === 'remove' ? 'delete' : 'change');
  return list(turn, d);
};

async function list({ userId, parsed }: Turn, d: HandlerDeps): Promise<Draft> {
  const symbol = parsed.symbols[0];
  const all = await d.tools.alerts(userId);
  const mine = symbol ? all.filter((a) => a.symbol === symbol) : all;
  if (!mine.length)
    return {
      intent: 'alert',
      response: `You have no alerts${symbol ? ` on **${symbol}**` : ''}. Try “alert me when ${symbol ?? 'SBIN'} goes above …”.`,
      action: 'navigate',
      params: { path: '/alerts', ...aboutOne(parsed) },
      confidence: 'high',
    };
  const active = mine.filter((a) => a.status === 'ACTIVE').length;
  return {
    intent: 'alert',
    response: [
      `You have ${plural(mine.length, 'alert')}${symbol ? ` on ${symbol}` : ''} (${active} active):`,
      mine
        .slice(0, 10)
        .map((a) => `- ${describe(a)}`)
        .join('\n'),
    ].join('\n\n'),
    action: 'navigate',
    params: { path: '/alerts', ...aboutOne(parsed) },
    suggestions: ['Alert me when SBIN goes above 900', 'Show my GTTs'],
    confidence: 'high',
  };
}

async function create(turn: Turn, d: HandlerDeps): Promise<Draft> {
  const { parsed } = turn;
  if (!parsed.symbols.length)
    return askForStock(
      parsed,
      'Which stock should the alert watch? For example: “alert me when Reliance goes above 3000”.',
    );
  const q = await d.tools.quote(parsed.symbols[0]!);
  if (parsed.alertPrice === undefined) return askLevel(d, q);
  // "same for hdfc bank" after a TCS alert at 4000: a level carried from another stock is kept only
  // when it fits this one's price (within a factor of two); otherwise it was that stock's, so ask.
  const carried = parsed.followUp?.edited.includes('symbol') === true;
  if (carried && (parsed.alertPrice > 2 * q.price || parsed.alertPrice < q.price / 2)) return askLevel(d, q);
  const condition = parsed.condition ?? (parsed.alertPrice >= q.price ? 'above' : 'below');
  const context = followUpContext(turn);
  return {
    intent: 'alert',
    response: [
      `Set an alert when **${q.symbol}** goes ${condition} ${money(q, parsed.alertPrice)}? It is at ${money(q, q.price)} now.`,
      // A level the price is already past fires on the next price check: say so before confirming.
      ...((condition === 'above' ? q.price >= parsed.alertPrice : q.price <= parsed.alertPrice)
        ? [
            `It is already at or ${condition} that level, so this alert would trigger at the next price check.`,
          ]
        : []),
      'Confirm it on the card.',
      quoteAsOf(d, q),
    ].join('\n\n'),
    action: 'set_alert',
    params: { symbol: q.symbol, condition, price: parsed.alertPrice },
    stockData: stockData(q),
    suggestions: [`Price of ${q.symbol}`, `${q.symbol} chart`],
    confidence: 'high',
    ...(context ? { context } : {}),
  };
}

function askLevel(d: HandlerDeps, q: Quote): Draft {
  return {
    intent: 'alert',
    response: [
      `At what price? **${q.symbol}** is at ${money(q, q.price)} now. For example: “alert me when ${q.symbol} goes above …”.`,
      quoteAsOf(d, q),
    ].join('\n\n'),
    stockData: stockData(q),
    confidence: 'medium',
  };
}

/** Change or delete one of the user's active price alerts on the named stock (several → ask which). */
async function changeOrDelete(turn: Turn, d: HandlerDeps, verb: 'change' | 'delete'): Promise<Draft> {
  const { parsed, userId } = turn;
  const symbol = parsed.symbols[0] ?? turn.context.last?.symbols[0];
  const all = (await d.tools.alerts(userId)).filter(
    (a) =>
      a.status === 'ACTIVE' && a.watch === 'price' && (a.condition === 'above' || a.condition === 'below'),
  );
  const mine = symbol ? all.filter((a) => a.symbol === symbol) : all;
  const level = parsed.alertPrice ?? parsed.price;
  // "change my itc alert to 460" with no ITC alert: the instruction still names a stock and a
  // level, so offer that alert as a new one (said plainly), rather than nothing.
  if (!mine.length && verb === 'change' && symbol && level !== undefined) {
    const draft = await create({ ...turn, parsed: { ...parsed, symbols: [symbol], alertPrice: level } }, d);
    return {
      ...draft,
      response: `You have no active price alert on **${symbol}** to change, so this would be a new one.\n\n${draft.response}`,
    };
  }
  if (!mine.length)
    return says(
      'alert',
      `You have no active price alert${symbol ? ` on **${symbol}**` : ''} to ${verb}.`,
      ['Show my alerts'],
      symbol,
    );
  if (mine.length > 1)
    return {
      intent: 'alert',
      response: [
        `You have ${plural(mine.length, 'active price alert')}${symbol ? ` on ${symbol}` : ''}. Which one should I ${verb}?`,
        mine
          .slice(0, 5)
          .map((a) => `- ${describe(a)}`)
          .join('\n'),
      ].join('\n\n'),
      suggestions: mine.slice(0, 4).map((a) => `${verb} my ${a.symbol} alert at ${a.value}`),
      confidence: 'medium',
    };
  const a = mine[0]!;
  const condition = a.condition as 'above' | 'below';
  if (verb === 'delete')
    return {
      intent: 'alert',
      response: `Delete your alert when ${describe(a)}? Confirm it on the card.`,
      action: 'delete_alert',
      params: { alertId: a.id, symbol: a.symbol, condition, price: a.value },
      suggestions: ['Show my alerts'],
      confidence: 'high',
    };
  const price = parsed.alertPrice ?? parsed.price;
  if (price === undefined)
    return says(
      'alert',
      `What level should your **${a.symbol}** alert (now ${CONDITION_WORDS[condition]} ${inr(a.value)}) move to?`,
      [],
      a.symbol,
    );
  const to = parsed.condition ?? condition;
  const context = followUpContext(turn);
  return {
    intent: 'alert',
    response: `Change your **${a.symbol}** alert from ${CONDITION_WORDS[condition]} ${inr(a.value)} to ${CONDITION_WORDS[to]} ${inr(price)}? Confirm it on the card.`,
    action: 'modify_alert',
    params: { alertId: a.id, symbol: a.symbol, condition: to, price, from: { condition, price: a.value } },
    suggestions: ['Show my alerts'],
    confidence: 'high',
    ...(context ? { context } : {}),
  };
}
