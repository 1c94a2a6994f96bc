import { FIGURES, plural } from '@nivesh/shared';
import { asOf, count, inr, money, signedInr, signedPct } from '../saytrix.format.js';
import { askForStock, quoteAsOf, stockData } from './phrasing.js';
import { valuedAt } from './portfolio.js';
import type { Handler } from './types.js';

/** One stock of the user's book: each product it is held under (CNC and MIS are separate positions). */
export const holding: Handler = async ({ userId, parsed, expert }, d) => {
  if (!parsed.symbols.length)
    return askForStock(parsed, 'Which holding? For example: “my Reliance position”.');
  const symbol = parsed.symbols[0]!;
  const rows = (await d.tools.holdings(userId)).filter((x) => x.symbol === symbol);
  const h = rows[0];
  if (!h) {
    const q = await d.tools.quote(symbol);
    return {
      intent: 'holding',
      response: [
        `You don't hold any **${q.name} (${q.symbol})**. It trades at ${money(q, q.price)} (${signedPct(q.changePercent)} today).`,
        quoteAsOf(d, q),
      ].join('\n\n'),
      stockData: stockData(q),
      suggestions: [`Buy 1 ${symbol}`, 'Portfolio analysis', `${symbol} chart`],
    };
  }
  const lines = rows.flatMap((row) => {
    const kind = row.product === 'MIS' ? ' intraday (MIS)' : rows.length > 1 ? ' for delivery (CNC)' : '';
    return [
      `You hold **${plural(row.quantity, 'share')} of ${row.symbol}**${kind} (${row.name}) at an average of ${inr(row.avgPrice)}.`,
      `Now ${inr(row.currentPrice)} each, worth **${inr(row.currentValue)}**: ${FIGURES.unrealisedPnl.name} ${signedInr(row.pnl)} (${signedPct(row.pnlPercentage)}); ${FIGURES.daysPnl.name} ${signedInr(row.dayChange)} (${signedPct(row.dayChangePercent)}).`,
      // Shares a resting sell holds back are still held, but a new sell cannot take them.
      ...(row.reservedQuantity > 0
        ? [
            `${plural(row.reservedQuantity, 'share')} ${row.reservedQuantity === 1 ? 'is' : 'are'} held back by pending sells; ${count(row.sellableQuantity)} free to sell.`,
          ]
        : []),
      ...(expert || parsed.pnl === 'realised'
        ? [
            // A replay's positions carry no per-stock realised figure: the portfolio's is asked for apart.
            d.tools.scope?.kind === 'replay'
              ? `${FIGURES.invested.name} ${inr(row.totalInvested)}; inside a replay I give the ${FIGURES.realisedPnl.name} of the whole portfolio, not per stock: ask “my realised P&L”.`
              : `${FIGURES.invested.name} ${inr(row.totalInvested)}; ${FIGURES.realisedPnl.name} on ${row.symbol} ${signedInr(row.realizedPnL)}.`,
          ]
        : []),
    ];
  });
  lines.push(asOf(await valuedAt(d, rows), d.tools.source));
  return {
    intent: 'holding',
    response: lines.join('\n\n'),
    params: { symbol: h.symbol },
    suggestions: [
      `Sell half of my ${h.symbol}`,
      `${h.symbol} chart`,
      'Portfolio analysis',
      `News about ${h.symbol}`,
    ],
  };
};
