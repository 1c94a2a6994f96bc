import {
  dayNumberToDate,
  NEWS_MARKET_DESK_LABEL,
  sessionBounds,
  type NewsCategory,
  type NewsFigure,
  type NewsTone,
} from '@nivesh/shared';
import type { MarketSimulator } from '../market/simulator/market-simulator.js';

/**
 * Notes written from the simulated market itself: a wrap for every finished session day and a note
 * for each big move or 52-week extreme. Every figure is a value read from the simulator's daily
 * bars (a pure function of seed and day), so the notes are the same on every instance and the
 * dedupe keys make the first writer win.
 */
export interface DeskNote {
  dedupeKey: string;
  day: number;
  title: string;
  summary: string;
  content: string;
  figures: NewsFigure[];
  category: NewsCategory;
  symbols: string[];
  tone: NewsTone;
  toneWords: string[];
  publishedAt: Date;
}

/** A day's move at least this large (either way) gets its own note. */
export const DESK_MOVE_THRESHOLD_PCT = 4;
const MOVERS_PER_DAY = 6;
const EXTREMES_PER_DAY = 4;
const TOP_N = 3;
const YEAR_BARS = 250;
/** A sector enters the sector table only with enough members to mean something. */
const MIN_SECTOR_MEMBERS = 5;

const pct = (v: number) => `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(2)}%`;
const num = (v: number) => v.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const rupees = (v: number) => `₹${num(v)}`;

interface DayMove {
  symbol: string;
  name: string;
  sector: string;
  close: number;
  prev: number;
  change: number;
  yearHigh: number;
  yearLow: number;
  nifty50: boolean;
}

type Bar = { open: number; high: number; low: number; close: number };

/**
 * Whether one of the last `last` bars might be a 52-week high or low. A bar whose high or low is
 * not resolved (NaN) is bounded by its open and close (high ≥ both, low ≤ both), so a day that
 * does not pass those bounds cannot pass the true year high or low either.
 */
function mayMakeYearExtreme(bars: Bar[], last: number): boolean {
  for (let i = Math.max(1, bars.length - last); i < bars.length; i += 1) {
    let high = -Infinity;
    let low = Infinity;
    let unresolved = false;
    for (let j = Math.max(0, i - YEAR_BARS); j < i; j += 1) {
      const b = bars[j]!;
      if (Number.isNaN(b.high)) unresolved = true;
      high = Math.max(high, Number.isNaN(b.high) ? Math.max(b.open, b.close) : b.high);
      low = Math.min(low, Number.isNaN(b.low) ? Math.min(b.open, b.close) : b.low);
    }
    if (unresolved && (bars[i]!.high > high || bars[i]!.low < low)) return true;
  }
  return false;
}

/** Each wanted day's moves of the INR equities (a NIFTY 50 member's with its 52-week extremes). */
function dayMoves(
  sim: MarketSimulator,
  nowMs: number,
  days: number,
  wanted: number[],
): Map<number, DayMove[]> {
  const equities = sim.instruments.filter((i) => i.type === 'EQUITY' && i.currency === 'INR');
  const moves = new Map<number, DayMove[]>(wanted.map((d) => [d, []]));
  for (const inst of equities) {
    // Highs and lows of simulated days cost a minute path each, and only NIFTY 50 members get a
    // 52-week note: resolve the wanted days' for those, and the whole year only for a member whose
    // day may have passed it.
    const nifty50 = inst.indices.includes('NIFTY50');
    let bars = sim.finishedDailyBars(inst.symbol, nowMs, YEAR_BARS + days + 1, nifty50 ? days + 1 : 0);
    if (nifty50 && mayMakeYearExtreme(bars, days + 1))
      bars = sim.finishedDailyBars(inst.symbol, nowMs, YEAR_BARS + days + 1);
    for (let i = 1; i < bars.length; i += 1) {
      const bar = bars[i]!;
      const list = moves.get(bar.day);
      if (!list) continue;
      const prev = bars[i - 1]!.close;
      // The 52 weeks before the day (the day's own high/low is compared against them).
      let yearHigh = -Infinity;
      let yearLow = Infinity;
      for (let j = nifty50 ? Math.max(0, i - YEAR_BARS) : i; j < i; j += 1) {
        yearHigh = Math.max(yearHigh, bars[j]!.high);
        yearLow = Math.min(yearLow, bars[j]!.low);
      }
      list.push({
        symbol: inst.symbol,
        name: inst.name,
        sector: inst.sector ?? 'Other',
        close: bar.close,
        prev,
        change: ((bar.close - prev) / prev) * 100,
        yearHigh: nifty50 && i > YEAR_BARS / 2 && bar.high > yearHigh ? bar.high : NaN,
        yearLow: nifty50 && i > YEAR_BARS / 2 && bar.low < yearLow ? bar.low : NaN,
        nifty50,
      });
    }
  }
  return moves;
}

/** Notes for the finished session days among the last `days` (oldest first). */
export function marketDeskNotes(sim: MarketSimulator, nowMs: number, days: number): DeskNote[] {
  const nifty = sim.finishedDailyBars('NIFTY50', nowMs, days + 1);
  const sensex = sim.finishedDailyBars('SENSEX', nowMs, days + 1);
  if (nifty.length < 2) return [];
  const wanted = nifty.slice(1).map((b) => b.day);
  const moves = dayMoves(sim, nowMs, days, wanted);
  const notes: DeskNote[] = [];
  for (const day of wanted) {
    const date = dayNumberToDate(day);
    const publishedAt = new Date(sessionBounds(sim.session, day).closeMs - 60_000);
    const n = nifty.findIndex((b) => b.day === day);
    const s = sensex.findIndex((b) => b.day === day);
    const list = (moves.get(day) ?? []).sort(
      (a, b) => b.change - a.change || a.symbol.localeCompare(b.symbol),
    );
    if (n < 1 || list.length === 0) continue;
    const nClose = nifty[n]!.close;
    const nChange = ((nClose - nifty[n - 1]!.close) / nifty[n - 1]!.close) * 100;
    const sClose = s >= 1 ? sensex[s]!.close : undefined;
    const sChange = s >= 1 ? ((sClose! - sensex[s - 1]!.close) / sensex[s - 1]!.close) * 100 : undefined;
    const gainers = list.slice(0, TOP_N);
    const losers = [...list].reverse().slice(0, TOP_N);
    const sectors = new Map<string, number[]>();
    for (const m of list) sectors.set(m.sector, [...(sectors.get(m.sector) ?? []), m.change]);
    const sectorAvg = [...sectors.entries()]
      .filter(([, v]) => v.length >= MIN_SECTOR_MEMBERS)
      .map(([name, v]) => ({ name, avg: v.reduce((a, b) => a + b, 0) / v.length }))
      .sort((a, b) => b.avg - a.avg || a.name.localeCompare(b.name));
    const bestSector = sectorAvg[0];
    const worstSector = sectorAvg[sectorAvg.length - 1];
    const up = nChange >= 0;
    const figures: NewsFigure[] = [
      { symbol: 'NIFTY50', label: 'NIFTY 50', value: `${num(nClose)} (${pct(nChange)})` },
      ...(sClose !== undefined
        ? [{ symbol: 'SENSEX', label: 'SENSEX', value: `${num(sClose)} (${pct(sChange!)})` }]
        : []),
      ...gainers.map((g) => ({
        symbol: g.symbol,
        label: g.symbol,
        value: `${rupees(g.close)} (${pct(g.change)})`,
      })),
      ...losers.map((g) => ({
        symbol: g.symbol,
        label: g.symbol,
        value: `${rupees(g.close)} (${pct(g.change)})`,
      })),
    ];
    const title = `NIFTY 50 ${up ? 'gains' : 'falls'} ${pct(nChange).slice(1)} to ${num(nClose)}${sChange !== undefined ? `; SENSEX ${sChange >= 0 ? 'up' : 'down'} ${pct(sChange).slice(1)}` : ''}`;
    const summary =
      `Market wrap for ${date}. Top gainers: ${gainers.map((g) => `${g.symbol} ${pct(g.change)}`).join(', ')}. ` +
      `Top losers: ${losers.map((g) => `${g.symbol} ${pct(g.change)}`).join(', ')}.` +
      (bestSector && worstSector
        ? ` Best sector: ${bestSector.name} (${pct(bestSector.avg)} on average); weakest: ${worstSector.name} (${pct(worstSector.avg)}).`
        : '');
    const content = [
      `NIFTY 50 closed at ${num(nClose)}, ${pct(nChange)} on the day.`,
      sClose !== undefined ? `SENSEX closed at ${num(sClose)}, ${pct(sChange!)}.` : '',
      `Top gainers: ${gainers.map((g) => `${g.name} (${g.symbol}) ${rupees(g.close)}, ${pct(g.change)}`).join('; ')}.`,
      `Top losers: ${losers.map((g) => `${g.name} (${g.symbol}) ${rupees(g.close)}, ${pct(g.change)}`).join('; ')}.`,
      sectorAvg.length
        ? `Sectors by average move: ${sectorAvg
            .slice(0, 3)
            .map((x) => `${x.name} ${pct(x.avg)}`)
            .join(', ')} led; ${sectorAvg
            .slice(-3)
            .reverse()
            .map((x) => `${x.name} ${pct(x.avg)}`)
            .join(', ')} lagged.`
        : '',
      `${NEWS_MARKET_DESK_LABEL}: every figure is read from the simulator for ${date}.`,
    ]
      .filter(Boolean)
      .join('\n\n');
    const wrapTone: NewsTone = Math.abs(nChange) < 0.25 ? 'neutral' : up ? 'positive' : 'negative';
    notes.push({
      dedupeKey: `desk:wrap:${date}`,
      day,
      title,
      summary,
      content,
      figures,
      category: 'market',
      symbols: [
        'NIFTY50',
        ...(sClose !== undefined ? ['SENSEX'] : []),
        ...gainers.map((g) => g.symbol),
        ...losers.map((g) => g.symbol),
      ],
      tone: wrapTone,
      toneWords: [`nifty 50 ${pct(nChange)}`],
      publishedAt,
    });

    const big = list
      .filter((m) => Math.abs(m.change) >= DESK_MOVE_THRESHOLD_PCT)
      .sort((a, b) => Math.abs(b.change) - Math.abs(a.change) || a.symbol.localeCompare(b.symbol))
      .slice(0, MOVERS_PER_DAY);
    for (const m of big) {
      const rise = m.change > 0;
      notes.push({
        dedupeKey: `desk:move:${date}:${m.symbol}`,
        day,
        title: `${m.name} ${rise ? 'jumps' : 'slides'} ${pct(m.change).slice(1)} to ${rupees(m.close)}`,
        summary: `${m.symbol} closed at ${rupees(m.close)} on ${date}, ${pct(m.change)} from ${rupees(m.prev)}, while the NIFTY 50 moved ${pct(nChange)}.`,
        content: `${m.name} (${m.symbol}) closed at ${rupees(m.close)} on ${date}, ${pct(m.change)} from the previous close of ${rupees(m.prev)}. The NIFTY 50 moved ${pct(nChange)} the same day; the ${m.sector} sector's members moved ${pct((sectors.get(m.sector) ?? [0]).reduce((a, b) => a + b, 0) / (sectors.get(m.sector)?.length ?? 1))} on average.\n\n${NEWS_MARKET_DESK_LABEL}: every figure is read from the simulator for ${date}.`,
        figures: [
          { symbol: m.symbol, label: m.symbol, value: `${rupees(m.close)} (${pct(m.change)})` },
          { symbol: 'NIFTY50', label: 'NIFTY 50', value: pct(nChange) },
        ],
        category: 'stocks',
        symbols: [m.symbol],
        tone: rise ? 'positive' : 'negative',
        toneWords: [`${m.symbol.toLowerCase()} ${pct(m.change)}`],
        publishedAt,
      });
    }

    const extremes = list
      .filter((m) => m.nifty50 && (Number.isFinite(m.yearHigh) || Number.isFinite(m.yearLow)))
      .sort((a, b) => Math.abs(b.change) - Math.abs(a.change) || a.symbol.localeCompare(b.symbol))
      .slice(0, EXTREMES_PER_DAY);
    for (const m of extremes) {
      const high = Number.isFinite(m.yearHigh);
      const level = high ? m.yearHigh : m.yearLow;
      notes.push({
        dedupeKey: `desk:52w:${date}:${m.symbol}`,
        day,
        title: `${m.name} touches a 52-week ${high ? 'high' : 'low'} of ${rupees(level)}`,
        summary: `${m.symbol} traded at ${rupees(level)} on ${date}, its ${high ? 'highest' : 'lowest'} in 52 weeks, and closed at ${rupees(m.close)} (${pct(m.change)}).`,
        content: `${m.name} (${m.symbol}) reached ${rupees(level)} on ${date}, beyond every ${high ? 'high' : 'low'} of the previous 52 weeks, and closed at ${rupees(m.close)}, ${pct(m.change)} on the day.\n\n${NEWS_MARKET_DESK_LABEL}: every figure is read from the simulator for ${date}.`,
        figures: [
          { symbol: m.symbol, label: `${m.symbol} 52-week ${high ? 'high' : 'low'}`, value: rupees(level) },
        ],
        category: 'stocks',
        symbols: [m.symbol],
        tone: high ? 'positive' : 'negative',
        toneWords: [`52-week ${high ? 'high' : 'low'}`],
        publishedAt,
      });
    }
  }
  return notes;
}
