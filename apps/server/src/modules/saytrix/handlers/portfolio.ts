import { FIGURES, plural, type Holding, type PortfolioSummary } from '@nivesh/shared';
import { asOf, count, inr, pct, signedInr, signedPct } from '../saytrix.format.js';
import type { SaytrixPnl } from '../saytrix.parsed.js';
import { round2 } from './phrasing.js';
import type { Draft, Handler, HandlerDeps } from './types.js';

const weight = (h: Holding, total: number) => (total === 0 ? 0 : round2((h.currentValue / total) * 100));

/**
 * The valuation time: the market time of the prices the holdings are valued at (never the last
 * fill, which only says when the position last changed).
 */
export async function valuedAt(d: HandlerDeps, positions: Holding[]): Promise<string> {
  const symbols = [...new Set(positions.map((h) => h.symbol))];
  const quotes = symbols.length ? await d.tools.quotes(symbols) : [];
  return (
    quotes
      .map((q) => q.lastUpdated)
      .sort()
      .at(-1) ?? new Date(d.now()).toISOString()
  );
}

/** The glossary's P&L line the question asked for (Total P&L, which includes realised, by default). */
export function pnlLine(summary: PortfolioSummary, which: SaytrixPnl | undefined): string {
  const f = summary.figures;
  switch (which) {
    case 'realised':
      return `${FIGURES.realisedPnl.name} **${signedInr(f.realisedPnl)}** (locked in by your sells).`;
    case 'unrealised':
      return `${FIGURES.unrealisedPnl.name} **${signedInr(f.unrealisedPnl)}** (${signedPct(f.unrealisedPnlPercent)}) on the shares you hold.`;
    case 'day':
      return `${FIGURES.daysPnl.name} **${signedInr(f.daysPnl)}** (${signedPct(f.daysPnlPercent)}).`;
    default:
      return `${FIGURES.totalPnl.name} **${signedInr(f.totalPnl)}** (${FIGURES.unrealisedPnl.name} ${signedInr(f.unrealisedPnl)} + ${FIGURES.realisedPnl.name} ${signedInr(f.realisedPnl)}); ${FIGURES.daysPnl.name} ${signedInr(f.daysPnl)}.`;
  }
}

/** "What moved my portfolio today": each holding's Day's P&L in ₹, largest move first. */
function contribution(summary: PortfolioSummary, at: string, d: HandlerDeps): Draft {
  const rows = [...summary.figures.positions]
    .sort((a, b) => Math.abs(b.daysPnl) - Math.abs(a.daysPnl))
    .map(
      (p) =>
        `- **${p.symbol}**${p.product === 'MIS' ? ' (MIS)' : ''} ${signedInr(p.daysPnl)} (${signedPct(p.daysPnlPercent)})`,
    );
  return {
    intent: 'portfolio',
    response: [
      `${FIGURES.daysPnl.name} **${signedInr(summary.figures.daysPnl)}** (${signedPct(summary.figures.daysPnlPercent)}), by holding:`,
      rows.join('\n'),
      asOf(at, d.tools.source),
    ].join('\n\n'),
    action: 'show_portfolio',
    params: {},
    suggestions: ['Portfolio analysis', 'What is my realised P&L?', 'Top gainers today'],
    confidence: 'high',
  };
}

export const portfolio: Handler = async ({ userId, parsed, expert }, d) => {
  const summary = await d.tools.summary(userId);
  const positions = summary.positions;
  if (!positions.length) {
    return {
      intent: 'portfolio',
      response: [
        `You have no holdings yet. ${FIGURES.availableCash.name}: **${inr(summary.availableCash)}**.`,
        ...(parsed.pnl === 'realised' ? [pnlLine(summary, 'realised')] : []),
        asOf(new Date(d.now()), d.tools.source),
      ].join('\n\n'),
      action: 'show_portfolio',
      params: {},
      suggestions: ["What are today's top gainers?", 'Price of Reliance', 'How much cash do I have?'],
    };
  }
  const at = await valuedAt(d, positions);
  if (parsed.focus === 'contribution') return contribution(summary, at, d);
  const sorted = [...positions].sort((a, b) => b.pnlPercentage - a.pnlPercentage);
  const best = sorted[0]!;
  const worst = sorted[sorted.length - 1]!;
  const lines: string[] = [];
  if (parsed.focus === 'best' || parsed.focus === 'worst') {
    const h = parsed.focus === 'best' ? best : worst;
    lines.push(
      `Your ${parsed.focus} holding is **${h.name} (${h.symbol})**: ${plural(h.quantity, 'share')}, ${FIGURES.unrealisedPnl.name} ${signedInr(h.pnl)} (${signedPct(h.pnlPercentage)}).`,
    );
  }
  if (parsed.pnl) lines.push(pnlLine(summary, parsed.pnl));
  lines.push(
    `**Portfolio:** ${plural(positions.length, 'holding')} worth **${inr(summary.totalCurrentValue)}** (${FIGURES.invested.name.toLowerCase()} ${inr(summary.totalInvested)}).`,
    ...(parsed.pnl ? [] : [pnlLine(summary, 'total')]),
    `Best: **${best.symbol}** ${signedPct(best.pnlPercentage)}; worst: **${worst.symbol}** ${signedPct(worst.pnlPercentage)}.`,
    `${FIGURES.availableCash.name} ${inr(summary.availableCash)}; ${FIGURES.totalValue.name} ${inr(summary.totalValue)}.`,
  );
  if (expert) {
    lines.push(
      positions
        .map(
          (h) =>
            `- **${h.symbol}** ${count(h.quantity)} × ${inr(h.currentPrice)} = ${inr(h.currentValue)} (${pct(weight(h, summary.totalCurrentValue))} of holdings), avg ${inr(h.avgPrice)}, ${FIGURES.unrealisedPnl.name} ${signedInr(h.pnl)}`,
        )
        .join('\n'),
    );
  }
  lines.push(asOf(at, d.tools.source));
  return {
    intent: 'portfolio',
    response: lines.join('\n\n'),
    action: 'show_portfolio',
    params: {},
    suggestions: [
      `How is my ${best.symbol} doing?`,
      'What moved my portfolio today?',
      'Show my orders',
      'What did I buy this week?',
    ],
  };
};
