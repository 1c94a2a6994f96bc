import { parseTradingSymbol, type OptionChain, type OptionChainRow, type OptionQuote } from '@nivesh/shared';
import { asOf, count, dateIst, inr, pct, points, signedInr } from '../saytrix.format.js';
import type { OptionAsk } from '../saytrix.parsed.js';
import type { Draft, Handler, HandlerDeps } from './types.js';

/** Strikes read each side of the money: enough to find a typed strike far from it. */
const WIDE = 40;
const SUGGESTIONS = ['NIFTY option chain', 'NIFTY ATM straddle', 'NIFTY expiries', 'India VIX'];
const NO_ORDERS =
  'I don’t place option orders from chat: the ticket on the Options Lab (/options) shows the margin and the charges before you place one.';

const reply = (response: string, extra: Partial<Draft> = {}): Draft => ({
  intent: 'options',
  response,
  suggestions: SUGGESTIONS,
  ...extra,
});

const name = (c: OptionChain) => (c.underlying === 'NIFTY' ? 'NIFTY 50' : 'NIFTY BANK');
const side = (q: OptionQuote) => `${inr(q.ltp)} (bid ${inr(q.bid)}, ask ${inr(q.ask)})`;
const chainAsOf = (d: HandlerDeps, c: OptionChain) => asOf(c.asOf, d.tools.source);

function header(c: OptionChain): string {
  return `**${c.underlying} options**, expiry ${dateIst(`${c.expiry}T10:00:00Z`)} (${c.expiryKind}), lot ${count(c.lotSize)}. ${name(c)} ${points(c.spot)}, future ${points(c.future)}, India VIX ${points(c.vix)} (simulated).`;
}

function atmRow(c: OptionChain): OptionChainRow | undefined {
  return c.strikes.find((r) => r.strike === c.atmStrike);
}

function chainReply(d: HandlerDeps, c: OptionChain): Draft {
  const atm = c.strikes.findIndex((r) => r.strike === c.atmStrike);
  const near = c.strikes.slice(Math.max(0, atm - 2), atm + 3);
  const lines = near.map(
    (r) =>
      `- ${points(r.strike)}${r.strike === c.atmStrike ? ' (ATM)' : ''}: call ${inr(r.call.ltp)}, put ${inr(r.put.ltp)}`,
  );
  return reply(
    [
      header(c),
      lines.join('\n'),
      'The whole chain, with Greeks, is on the Options Lab (/options).',
      chainAsOf(d, c),
    ].join('\n\n'),
  );
}

function contractReply(
  d: HandlerDeps,
  c: OptionChain,
  ask: OptionAsk,
  strike: number,
  type: 'CE' | 'PE',
  expert: boolean,
): Draft {
  const row = c.strikes.find((r) => r.strike === strike);
  if (!row) {
    const step = c.strikes.length > 1 ? c.strikes[1]!.strike - c.strikes[0]!.strike : 0;
    const onGrid = step > 0 && (strike - c.strikes[0]!.strike) % step === 0;
    return reply(
      onGrid
        ? `${c.underlying} ${points(strike)} is more than ${WIDE} strikes from the money (${points(c.atmStrike)}), outside the chain I read.`
        : `${c.underlying} strikes are every ${count(step)} points, so there is no ${points(strike)} strike; the nearest are ${points(strike - ((((strike - c.strikes[0]!.strike) % step) + step) % step))} and ${points(strike - ((((strike - c.strikes[0]!.strike) % step) + step) % step) + step)}.`,
      { confidence: 'medium' },
    );
  }
  const q = type === 'CE' ? row.call : row.put;
  const kind = type === 'CE' ? 'call' : 'put';
  const lines = [
    `**${c.underlying} ${points(strike)} ${type}** (${q.tradingsymbol}), expiry ${dateIst(`${c.expiry}T10:00:00Z`)}: ${side(q)}, IV ${pct(q.iv)}.`,
    `One lot (${count(c.lotSize)}) at ${inr(q.ltp)} is ${inr(Math.round(q.ltp * c.lotSize * 100) / 100)} of premium for the ${kind}.`,
  ];
  if (expert)
    lines.push(
      `Delta ${q.delta.toFixed(2)}, gamma ${q.gamma.toFixed(4)}, theta ${signedInr(q.theta)} a day, vega ${inr(q.vega)} per volatility point.`,
    );
  if (ask.wantsTrade) lines.push(NO_ORDERS);
  lines.push(chainAsOf(d, c));
  return reply(lines.join('\n\n'));
}

function straddleReply(d: HandlerDeps, c: OptionChain): Draft {
  const row = atmRow(c);
  if (!row) return chainReply(d, c);
  const cost = Math.round((row.call.ltp + row.put.ltp) * 100) / 100;
  const share = Math.round((cost / c.future) * 10_000) / 100;
  return reply(
    [
      `The **ATM straddle** of ${c.underlying} (${points(c.atmStrike)}, expiry ${dateIst(`${c.expiry}T10:00:00Z`)}) costs ${inr(cost)}: call ${inr(row.call.ltp)} + put ${inr(row.put.ltp)}.`,
      `So the options price a move of about ±${points(cost)} points (${pct(share)} of the future) by expiry. One lot of each: ${inr(Math.round(cost * c.lotSize * 100) / 100)}.`,
      chainAsOf(d, c),
    ].join('\n\n'),
  );
}

async function expiriesReply(d: HandlerDeps, ask: OptionAsk): Promise<Draft> {
  const e = await d.tools.options!.expiries(ask.underlying);
  const days = e.expiries.map(
    (x) =>
      `- ${dateIst(`${x.date}T10:00:00Z`)} (${x.kind}, ${x.daysToExpiry === 0 ? 'today' : `${count(x.daysToExpiry)} days`})`,
  );
  const futures = e.futures.map((f) => `${f.tradingsymbol} (${dateIst(`${f.expiry}T10:00:00Z`)})`).join(', ');
  return reply(
    [
      `**${ask.underlying} expiries** (lot ${count(e.lotSize)}, strikes every ${count(e.strikeStep)} points):`,
      days.join('\n'),
      `Futures: ${futures}.`,
      'An expiry on an exchange holiday moves to the trading day before; Nivesh has no holiday calendar yet, so these are the weekdays themselves.',
    ].join('\n\n'),
  );
}

async function lotReply(d: HandlerDeps, ask: OptionAsk): Promise<Draft> {
  const e = await d.tools.options!.expiries(ask.underlying);
  const weekly = e.expiries.some((x) => x.kind === 'weekly');
  return reply(
    `**${ask.underlying}**: one lot is ${count(e.lotSize)} units; strikes are every ${count(e.strikeStep)} points; ${weekly ? 'weekly options expire on Tuesdays and the monthly on the last Tuesday of the month' : 'options expire monthly, on the last Tuesday'}. Quantities are placed in units, a whole number of lots.`,
  );
}

function futureReply(d: HandlerDeps, c: OptionChain, symbol: string): Draft {
  const basis = Math.round((c.future - c.spot) * 100) / 100;
  return reply(
    [
      `**${symbol}** (expiry ${dateIst(`${c.expiry}T10:00:00Z`)}): ${points(c.future)}, ${basis >= 0 ? '+' : '−'}${points(Math.abs(basis))} over ${name(c)} at ${points(c.spot)}.`,
      `One lot (${count(c.lotSize)}) is a contract worth ${inr(Math.round(c.future * c.lotSize * 100) / 100)}.`,
      chainAsOf(d, c),
    ].join('\n\n'),
  );
}

async function positionsReply(d: HandlerDeps, userId: string): Promise<Draft> {
  const all = await d.tools.options!.positions(userId);
  // Closed positions stay listed on the screen with their realised P&L; the chat names open ones.
  const book = { ...all, positions: all.positions.filter((p) => p.quantity !== 0) };
  if (!book.positions.length)
    return reply(
      'You have no open options or futures positions. The Options Lab (/options) has the chain and a strategy builder.',
    );
  const lines = book.positions.map(
    (p) =>
      `- **${p.tradingsymbol}** ${p.quantity > 0 ? 'long' : 'short'} ${count(Math.abs(p.lots))} lot${Math.abs(p.lots) === 1 ? '' : 's'} (${count(Math.abs(p.quantity))}) at ${inr(p.averagePrice)}, now ${inr(p.ltp)}: unrealised P&L ${signedInr(p.unrealisedPnl)}. ${p.atExpiry}`,
  );
  return reply(
    [
      `**Your options and futures positions** (${book.positions.length}):`,
      lines.join('\n'),
      `Margin blocked: ${inr(book.marginBlocked)}.`,
      asOf(new Date(d.now()), d.tools.source),
    ].join('\n\n'),
  );
}

/** The expiry a question names: the monthly, the one after the nearest, else the nearest. */
async function expiryFor(d: HandlerDeps, ask: OptionAsk): Promise<string | undefined> {
  if (!ask.expiryHint) return undefined;
  const e = await d.tools.options!.expiries(ask.underlying);
  if (ask.expiryHint === 'monthly') return e.expiries.find((x) => x.kind === 'monthly')?.date;
  return e.expiries[1]?.date;
}

/** Options questions: every figure is read from the Options Lab's chain at the market's now. */
export const options: Handler = async ({ parsed, userId, expert }, d) => {
  const ask = parsed.option!;
  if (ask.ask === 'stock-options')
    return reply(
      'The Options Lab has **NIFTY and BANKNIFTY** index options and futures only; stock options and futures are not offered.',
    );
  if (!d.tools.options)
    return reply(
      'Options are priced on the live simulated market only; a replay has no option chain. Ask me again outside the replay.',
      { confidence: 'low' },
    );
  if (ask.ask === 'positions') return positionsReply(d, userId);
  if (ask.ask === 'expiry') return expiriesReply(d, ask);
  if (ask.ask === 'lot') return lotReply(d, ask);
  if (ask.ask === 'future') {
    const e = await d.tools.options.expiries(ask.underlying);
    const fut = e.futures[0]!;
    return futureReply(d, await d.tools.options.chain(ask.underlying, fut.expiry, 1), fut.tradingsymbol);
  }
  if (ask.ask === 'vix') {
    const c = await d.tools.options.chain('NIFTY', undefined, 1);
    return reply(
      [
        `**India VIX** (simulated) is ${points(c.vix)}: the annualised volatility the options imply for NIFTY over the next 30 days. It tends to rise when the index falls.`,
        chainAsOf(d, c),
      ].join('\n\n'),
    );
  }
  if (ask.tradingsymbol) return symbolReply(d, ask, expert);
  const chain = await d.tools.options.chain(
    ask.underlying,
    await expiryFor(d, ask),
    ask.ask === 'contract' ? WIDE : 5,
  );
  if (ask.ask === 'straddle') return straddleReply(d, chain);
  if (ask.ask === 'contract' && ask.strike !== undefined && ask.type)
    return contractReply(d, chain, ask, ask.strike, ask.type, expert);
  if (ask.strike !== undefined && !ask.type)
    return reply(
      `Call or put? Ask for "${ask.underlying} ${points(ask.strike)} CE" or "${ask.underlying} ${points(ask.strike)} PE".`,
      {
        intent: 'clarify',
        suggestions: [`${ask.underlying} ${ask.strike} CE`, `${ask.underlying} ${ask.strike} PE`],
        confidence: 'low',
      },
    );
  const answer = chainReply(d, chain);
  return ask.wantsTrade ? { ...answer, response: `${NO_ORDERS}\n\n${answer.response}` } : answer;
};

/** A trading symbol typed in full: its contract, or the future. */
async function symbolReply(d: HandlerDeps, ask: OptionAsk, expert: boolean): Promise<Draft> {
  const s = parseTradingSymbol(ask.tradingsymbol!);
  if (!s)
    return reply(
      `${ask.tradingsymbol} is not a listed ${ask.underlying} contract (check the expiry date and the strike).`,
      {
        confidence: 'low',
      },
    );
  const chain = await d.tools.options!.chain(s.underlying, s.expiry, WIDE);
  if (s.kind === 'FUT') return futureReply(d, chain, ask.tradingsymbol!);
  return contractReply(d, chain, ask, s.strike!, s.kind, expert);
}
