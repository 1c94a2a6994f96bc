import type { Habits } from '@nivesh/shared';
import { formatRupees } from '../../../lib/money-format';

export interface HabitLine {
  label: string;
  /** The figure, or what is still needed before there is one. */
  figure: string;
  ready: boolean;
}

const pct = (v: number) => `${v.toFixed(2)}%`;
const rupees = formatRupees;
const hours = (h: number) => (h >= 48 ? `${(h / 24).toFixed(1)} days` : `${h.toFixed(1)} h`);

function line<R extends { status: string }>(
  label: string,
  result: R,
  ready: (r: Extract<R, { status: 'ready' }>) => string,
): HabitLine {
  if (result.status === 'ready')
    return { label, figure: ready(result as Extract<R, { status: 'ready' }>), ready: true };
  const r = result as unknown as { needed: number; have: number; unit: string };
  const unit = r.needed === 1 ? r.unit.replace(/^(\w+)s\b/, '$1') : r.unit;
  return { label, figure: `Needs ${r.needed} ${unit}; has ${r.have}`, ready: false };
}

/** The /insights figures of one portfolio, one line each (the same numbers, shorter words). */
export function habitLines(h: Habits): HabitLine[] {
  return [
    line('Selling winners vs losers', h.disposition.result, (r) =>
      r.difference === null
        ? `${r.realizedGains} gains and ${r.realizedLosses} losses realised`
        : `PGR − PLR ${r.difference > 0 ? '+' : ''}${r.difference.toFixed(1)} points`,
    ),
    line(
      'Turnover and charges',
      h.costs.result,
      (r) =>
        `Turnover ${pct(r.turnoverPercent)}; charges paid ${rupees(r.chargesPaid)}` +
        (r.chargesShareOfGross === null ? '' : ` (${pct(r.chargesShareOfGross)} of gross P&L)`),
    ),
    line(
      'Holding time',
      h.holding.result,
      (r) => `Winners held ${hours(r.winnerHours)}, losers ${hours(r.loserHours)}`,
    ),
    line(
      'Largest drawdown',
      h.drawdown.result,
      (r) => `${pct(r.maxDrawdownPercent)} (${r.peakDate} to ${r.troughDate})`,
    ),
    line(
      'Trades per active day',
      h.activity.result,
      (r) => `${r.tradesPerActiveDay.toFixed(1)} over ${r.activeDays} days; return ${pct(r.returnPercent)}`,
    ),
    line('If sold shares were held', h.ifHeld.result, (r) =>
      r.total === 0
        ? 'No difference at today’s prices'
        : `${r.total > 0 ? '+' : '−'}${rupees(Math.abs(r.total))} at today’s prices`,
    ),
  ];
}
