import { plural, type JournalEntry } from '@nivesh/shared';
import { dateTimeIst, inr } from '../saytrix.format.js';
import { aboutOne, says } from './phrasing.js';
import type { Draft, Handler, HandlerDeps, Turn } from './types.js';
import { escapeMarkdownText } from '../saytrix.untrusted.js';

/** Notes are the user's own words: shown quoted and shortened, escaped so they never render as markdown. */
const plain = (text: string, max = 120) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return escapeMarkdownText(flat.length > max ? `${flat.slice(0, max - 1)}…` : flat);
};

function entryLine(e: JournalEntry): string {
  const tags = e.tags.length ? ` [${e.tags.map((t) => plain(t, 30)).join(', ')}]` : '';
  const note = e.note ? ` — “${plain(e.note)}”` : '';
  return `- ${e.type} ${plural(e.quantity, 'share')} of **${e.ticker}** at ${inr(e.price)} (${dateTimeIst(e.createdAt)} IST)${tags}${note}`;
}

/** The user's journal (latest entries), and — on an instruction only — a note on their latest fill. */
export const journal: Handler = async (turn, d) => {
  if (turn.parsed.imperative === true && turn.parsed.op === 'note') return note(turn, d);
  return read(turn, d);
};

async function read({ userId, parsed }: Turn, d: HandlerDeps): Promise<Draft> {
  const symbol = parsed.symbols[0];
  const entries = (await d.tools.journal(userId, 50)).filter((e) => !symbol || e.ticker === symbol);
  if (!entries.length)
    return {
      intent: 'journal',
      response: `Your journal has no entries${symbol ? ` for **${symbol}**` : ''} yet. Try “note on my last TCS trade: …”.`,
      action: 'navigate',
      params: { path: '/trades', ...aboutOne(parsed) },
      confidence: 'high',
    };
  return {
    intent: 'journal',
    response: [
      `Your latest journal ${entries.length === 1 ? 'entry' : 'entries'}${symbol ? ` for ${symbol}` : ''}:`,
      entries.slice(0, 5).map(entryLine).join('\n'),
    ].join('\n\n'),
    action: 'navigate',
    params: { path: '/trades', ...aboutOne(parsed) },
    suggestions: ['Show my habits', 'What did I buy this week?'],
    confidence: 'high',
  };
}

async function note({ userId, parsed }: Turn, d: HandlerDeps): Promise<Draft> {
  const text = parsed.note?.trim();
  if (!text)
    return says(
      'journal',
      'What should the note say? For example: “note on my last TCS trade: bought on the breakout”.',
    );
  const symbol = parsed.symbols[0];
  const fills = await d.tools.fills(userId);
  const fill = [...fills].reverse().find((f) => !symbol || f.symbol === symbol);
  if (!fill)
    return says('journal', `You have no ${symbol ? `**${symbol}** ` : ''}trade to add a note to yet.`, [
      'Show my orders',
    ]);
  const price = Number(fill.pricePaise) / 100;
  return {
    intent: 'journal',
    response: `Add a journal note to your ${fill.side} of ${plural(fill.quantity, 'share')} of **${fill.symbol}** at ${inr(price)} (${dateTimeIst(fill.createdAt)} IST)? Confirm it on the card.`,
    action: 'add_journal_note',
    params: {
      fillId: fill.id,
      symbol: fill.symbol,
      side: fill.side,
      quantity: fill.quantity,
      price,
      note: text.slice(0, 2000),
    },
    suggestions: ['Show my journal'],
    confidence: 'high',
  };
}
