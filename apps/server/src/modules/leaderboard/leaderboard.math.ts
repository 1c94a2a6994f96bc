import { dateToDayNumber, dayNumberToDate, weekdayOf, type LeaderboardSeason } from '@nivesh/shared';

/** One IST day of a player's equity history. */
export interface EquityDay {
  /** IST day number. */
  day: number;
  /** Portfolio value (cash + holdings) at the end of the day, in paise. */
  equityPaise: bigint;
  /** Cash that came in from outside during the day (rewards; a reset's jump to the opening balance), in paise. */
  flowPaise: bigint;
  trades: number;
}

export interface SeasonScore {
  /** Time-weighted return over the window, as a fraction (0.05 = +5%). */
  twr: number;
  /** Largest fall from a peak of the time-weighted growth, as a fraction (0.1 = −10%). */
  maxDrawdown: number;
  trades: number;
  daysActive: number;
}

/**
 * Time-weighted return from a starting equity through daily points. Each day's factor is its
 * closing equity less the day's outside cash, over the previous close: a reward or a reset moves
 * the equity but not the factor, so neither helps nor hurts. Outside cash is taken as arriving at
 * the end of its day, which is when this app books it (a reward is claimed, a reset restarts).
 * A day whose base is not positive (nothing left to earn on) counts as flat.
 */
export function timeWeightedReturn(startEquityPaise: bigint, days: readonly EquityDay[]): SeasonScore {
  let growth = 1;
  let peak = 1;
  let maxDrawdown = 0;
  let previous = startEquityPaise;
  let trades = 0;
  let daysActive = 0;
  for (const d of days) {
    if (previous > 0n) growth *= Number(d.equityPaise - d.flowPaise) / Number(previous);
    previous = d.equityPaise;
    if (growth > peak) peak = growth;
    else if (peak > 0) maxDrawdown = Math.max(maxDrawdown, (peak - growth) / peak);
    trades += d.trades;
    if (d.trades > 0) daysActive += 1;
  }
  return { twr: growth - 1, maxDrawdown, trades, daysActive };
}

/** The first and last IST day of the season containing `today`: Monday–Sunday, a calendar month, or since joining. */
export function seasonBounds(
  season: LeaderboardSeason,
  today: number,
): { startDay: number | null; endDay: number | null } {
  if (season === 'week') {
    const start = today - ((weekdayOf(today) + 6) % 7);
    return { startDay: start, endDay: start + 6 };
  }
  if (season === 'month') {
    const date = dayNumberToDate(today);
    const start = dateToDayNumber(`${date.slice(0, 7)}-01`);
    const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
    const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    return { startDay: start, endDay: dateToDayNumber(next) - 1 };
  }
  return { startDay: null, endDay: null };
}

/** What a player's history looks like from the start of a season (or their joining, if later). */
export interface PlayerHistory {
  joinDay: number;
  joinEquityPaise: bigint;
  /** Outside cash and trades of the join day that came before joining, which the season must not count. */
  joinFlowPaise: bigint;
  joinTrades: number;
  /** Ascending by day, from the join day on. */
  days: readonly EquityDay[];
}

/**
 * The season score of one player: from the end of the day before the season when they joined
 * earlier, else from the equity at the moment they joined.
 */
export function scoreSeason(p: PlayerHistory, startDay: number | null): SeasonScore {
  if (startDay === null || startDay <= p.joinDay) {
    const days = p.days.map((d) =>
      d.day === p.joinDay
        ? { ...d, flowPaise: d.flowPaise - p.joinFlowPaise, trades: Math.max(d.trades - p.joinTrades, 0) }
        : d,
    );
    return timeWeightedReturn(p.joinEquityPaise, days);
  }
  let base = p.joinEquityPaise;
  const inSeason: EquityDay[] = [];
  for (const d of p.days) {
    if (d.day < startDay) base = d.equityPaise;
    else inSeason.push(d);
  }
  return timeWeightedReturn(base, inSeason);
}
