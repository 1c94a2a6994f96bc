import type { Habits } from '@nivesh/shared';
import { inr, pct, signedInr, signedPct } from '../saytrix.format.js';
import { nowAsOf } from './phrasing.js';
import type { Handler } from './types.js';

type Result<K extends keyof Habits> = Habits[K]['result'];

const notYet = (r: { needed: number; have: number; unit: string }) =>
  `not enough data yet (needs ${r.needed} ${r.unit}, you have ${r.have})`;
const num = (v: number | null, f: (x: number) => string) => (v === null ? 'n/a' : f(v));

/** One line per habit of /insights, with the same figures the screen shows (or why there is none). */
function lines(h: Habits): string[] {
  const d: Result<'disposition'> = h.disposition.result;
  const c: Result<'costs'> = h.costs.result;
  const k: Result<'holding'> = h.holding.result;
  const w: Result<'drawdown'> = h.drawdown.result;
  const a: Result<'activity'> = h.activity.result;
  const i: Result<'ifHeld'> = h.ifHeld.result;
  return [
    `- **Selling winners vs losers:** ${d.status === 'ready' ? `gains realised ${num(d.pgr, pct)}, losses realised ${num(d.plr, pct)} (difference ${num(d.difference, (x) => `${x.toFixed(2)} points`)})` : notYet(d)}`,
    `- **Costs:** ${c.status === 'ready' ? `turnover ${pct(c.turnoverPercent)}, charges paid ${inr(c.chargesPaid)}, charges share ${num(c.chargesShareOfGross, pct)}` : notYet(c)}`,
    `- **Holding time:** ${k.status === 'ready' ? `winners ${k.winnerHours.toFixed(1)} h (${k.winners}), losers ${k.loserHours.toFixed(1)} h (${k.losers})` : notYet(k)}`,
    `- **Drawdown:** ${w.status === 'ready' ? `largest fall ${pct(w.maxDrawdownPercent)} (${inr(w.peakValue)} → ${inr(w.troughValue)})` : notYet(w)}`,
    `- **Activity:** ${a.status === 'ready' ? `${a.fills} fills on ${a.activeDays} days (${a.tradesPerActiveDay.toFixed(2)} a day), return ${signedPct(a.returnPercent)} (${signedInr(a.tradingPnl)})` : notYet(a)}`,
    `- **If you had held:** ${i.status === 'ready' ? `${signedInr(i.total)} across your last ${i.rows.length} sells` : notYet(i)}`,
  ];
}

export const habits: Handler = async ({ userId }, d) => {
  const h = await d.tools.habits(userId);
  return {
    intent: 'habits',
    response: ['**Your trading habits** (as on the habits screen):', lines(h).join('\n'), nowAsOf(d)].join(
      '\n\n',
    ),
    action: 'navigate',
    params: { path: '/insights' },
    suggestions: ['Show my journal', 'What is my leaderboard rank?', 'Portfolio analysis'],
    confidence: 'high',
  };
};
