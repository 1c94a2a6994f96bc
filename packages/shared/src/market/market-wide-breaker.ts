/**
 * The index-based market-wide circuit breaker (MWCB) as dated data: when the NIFTY 50 or the SENSEX
 * (whichever first) moves 10, 15 or 20% either way from its previous close, all equity trading halts
 * for a time that depends on the level and the time of day, and each halt that does not last the rest
 * of the day ends with a 15-minute pre-open call auction before trading resumes.
 */

export const BREAKER_LEVELS = [10, 15, 20] as const;
export type BreakerLevel = (typeof BREAKER_LEVELS)[number];

/** The indices whose move trips the breaker (canonical symbols), whichever breaches first. */
export const BREAKER_INDICES = ['NIFTY50', 'SENSEX'] as const;

export interface BreakerBand {
  level: BreakerLevel;
  /** IST minute of the day from which this band applies (inclusive). */
  fromMinute: number;
  /** IST minute before which it applies (exclusive); null: to the close. */
  toMinute: number | null;
  /** Minutes of halt; 0: no halt; 'rest-of-day': trading does not resume that day. */
  halt: number | 'rest-of-day';
}

export interface MarketWideBreakerRule {
  /** ISO date the rule applies from. */
  effectiveFrom: string;
  source: string;
  /** The pre-open call auction that follows every halt that is not the rest of the day. */
  preOpenMinutes: number;
  bands: readonly BreakerBand[];
}

const hm = (h: number, m = 0) => h * 60 + m;

/**
 * SEBI's 2013 revision (limits recomputed daily on the previous close; a 15-minute pre-open call
 * auction after each halt, taken out of the halt) of the 2001 mechanism. The table is the one the
 * exchanges publish.
 */
export const MARKET_WIDE_BREAKER_RULES: readonly MarketWideBreakerRule[] = [
  {
    effectiveFrom: '2013-09-03',
    source:
      'SEBI circulars SMDRPD/Policy/Cir-37/2001 (2001-06-28) and CIR/MRD/DP/25/2013 (2013-09-03); https://www.bseindia.com/static/about/mwcb.htm; https://www.nseindia.com/products-services/equity-market-circuit-breakers',
    preOpenMinutes: 15,
    bands: [
      { level: 10, fromMinute: 0, toMinute: hm(13), halt: 45 },
      { level: 10, fromMinute: hm(13), toMinute: hm(14, 30), halt: 15 },
      { level: 10, fromMinute: hm(14, 30), toMinute: null, halt: 0 },
      { level: 15, fromMinute: 0, toMinute: hm(13), halt: 105 },
      { level: 15, fromMinute: hm(13), toMinute: hm(14), halt: 45 },
      { level: 15, fromMinute: hm(14), toMinute: null, halt: 'rest-of-day' },
      { level: 20, fromMinute: 0, toMinute: null, halt: 'rest-of-day' },
    ],
  },
];

/** The rule in force on `dateIso` (the latest that had started; the first one before any). */
export function marketWideBreakerRule(dateIso?: string): MarketWideBreakerRule {
  const sorted = [...MARKET_WIDE_BREAKER_RULES].sort((a, b) =>
    a.effectiveFrom.localeCompare(b.effectiveFrom),
  );
  if (!dateIso) return sorted.at(-1)!;
  return sorted.filter((r) => r.effectiveFrom <= dateIso).at(-1) ?? sorted[0]!;
}

export interface BreakerState {
  /** Trading stops (true also for a halt for the rest of the day). */
  halted: boolean;
  /** The level this move newly trips (null: none); a level tripped after its no-halt time still counts as used. */
  level: BreakerLevel | null;
  /** 'HH:MM' IST at which the pre-open call auction starts; null without a halt or for the rest of the day. */
  preOpenFrom: string | null;
  /** 'HH:MM' IST at which continuous trading resumes; null without a halt or for the rest of the day. */
  reopensAt: string | null;
  restOfDay: boolean;
}

/** 'HH:MM' (or a minute of the day) as an IST minute of the day. */
export function istMinuteOf(time: string | number): number {
  if (typeof time === 'number') return time;
  const match = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!match) throw new Error(`Not an HH:MM time: ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

export function formatIstMinute(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/**
 * What an index move of `indexMovePercent` (either sign, against the previous close) does at
 * `istTime`, given the highest level already tripped that day: each level trips once, so a move
 * that stays past 10% after the reopen does not halt again until it reaches 15%.
 */
export function breakerState(
  indexMovePercent: number,
  istTime: string | number,
  alreadyTriggered: BreakerLevel | null,
  dateIso?: string,
): BreakerState {
  const rule = marketWideBreakerRule(dateIso);
  const minute = istMinuteOf(istTime);
  const size = Math.abs(indexMovePercent);
  const level =
    [...BREAKER_LEVELS]
      .reverse()
      .find((l) => size >= l && (alreadyTriggered === null || l > alreadyTriggered)) ?? null;
  const none = { halted: false, level, preOpenFrom: null, reopensAt: null, restOfDay: false };
  if (level === null) return none;
  const band = rule.bands.find(
    (b) => b.level === level && minute >= b.fromMinute && (b.toMinute === null || minute < b.toMinute),
  )!;
  if (band.halt === 0) return none;
  if (band.halt === 'rest-of-day')
    return { halted: true, level, preOpenFrom: null, reopensAt: null, restOfDay: true };
  const preOpen = minute + band.halt;
  return {
    halted: true,
    level,
    preOpenFrom: formatIstMinute(preOpen),
    reopensAt: formatIstMinute(preOpen + rule.preOpenMinutes),
    restOfDay: false,
  };
}

/** One halt of a day, in IST minutes of the day. */
export interface BreakerHalt {
  level: BreakerLevel;
  /** The index that tripped it. */
  index: string;
  haltedAt: number;
  /** null: halted for the rest of the day. */
  preOpenFrom: number | null;
  reopensAt: number | null;
  /** Where this halt's timing comes from: the index path, or a recorded real event. */
  basis: 'path' | 'recorded';
}

/**
 * The halts of a day from its index minutes, in time order: `moves` holds, per index minute
 * (IST minute of the day), the largest move of that minute against the previous close. Minutes in
 * a halt are skipped (nothing trades), and `recorded` halts (real events, see REAL_BREAKER_EVENTS)
 * replace what the path would say up to their reopen.
 */
export function breakerHalts(
  moves: readonly { minute: number; index: string; movePercent: number }[],
  recorded: readonly BreakerHalt[] = [],
  dateIso?: string,
): BreakerHalt[] {
  const halts: BreakerHalt[] = [...recorded];
  let triggered: BreakerLevel | null = recorded.reduce<BreakerLevel | null>(
    (top, h) => (top === null || h.level > top ? h.level : top),
    null,
  );
  const lastRecorded = recorded.at(-1);
  let resumeAt = lastRecorded ? (lastRecorded.reopensAt ?? Number.POSITIVE_INFINITY) : -1;
  for (const move of [...moves].sort((a, b) => a.minute - b.minute)) {
    if (move.minute < resumeAt) continue;
    const state = breakerState(move.movePercent, move.minute, triggered, dateIso);
    if (state.level === null) continue;
    triggered = state.level;
    if (!state.halted) continue;
    const preOpenFrom = state.preOpenFrom === null ? null : istMinuteOf(state.preOpenFrom);
    const reopensAt = state.reopensAt === null ? null : istMinuteOf(state.reopensAt);
    halts.push({
      level: state.level,
      index: move.index,
      haltedAt: move.minute,
      preOpenFrom,
      reopensAt,
      basis: 'path',
    });
    resumeAt = reopensAt ?? Number.POSITIVE_INFINITY;
  }
  return halts;
}

/** A real MWCB trip, as reported at the time: replays use its timing where the bundle's path would differ. */
export interface RealBreakerEvent {
  date: string;
  index: string;
  level: BreakerLevel;
  direction: 'down' | 'up';
  /** 'HH:MM' IST. */
  at: string;
  source: string;
}

export const REAL_BREAKER_EVENTS: readonly RealBreakerEvent[] = [
  {
    date: '2020-03-13',
    index: 'NIFTY50',
    level: 10,
    direction: 'down',
    at: '09:20',
    source:
      'NDTV, CNBC-TV18, Business Today (project research note §2.1): NIFTY −10.07% at 09:20, pre-open 10:05, reopened 10:20',
  },
  {
    date: '2020-03-23',
    index: 'SENSEX',
    level: 10,
    direction: 'down',
    at: '09:58',
    source:
      'NDTV, CNBC-TV18, Business Today (project research note §2.1): SENSEX 10% at 09:58, reopened 10:58',
  },
];

/** The recorded halts of a date, timed by the rule in force then. */
export function recordedHalts(dateIso: string): BreakerHalt[] {
  return REAL_BREAKER_EVENTS.filter((e) => e.date === dateIso).map((e) => {
    const minute = istMinuteOf(e.at);
    const state = breakerState(e.level, minute, null, dateIso);
    return {
      level: e.level,
      index: e.index,
      haltedAt: minute,
      preOpenFrom: state.preOpenFrom === null ? null : istMinuteOf(state.preOpenFrom),
      reopensAt: state.reopensAt === null ? null : istMinuteOf(state.reopensAt),
      basis: 'recorded' as const,
    };
  });
}

/** Where a minute of the day stands against a day's halts. */
export type HaltPhase = 'halt' | 'pre-open';

export function haltAt(
  halts: readonly BreakerHalt[],
  minute: number,
): { halt: BreakerHalt; phase: HaltPhase } | undefined {
  for (const halt of halts) {
    if (minute < halt.haltedAt) continue;
    if (halt.preOpenFrom === null || minute < halt.preOpenFrom) return { halt, phase: 'halt' };
    if (halt.reopensAt !== null && minute < halt.reopensAt) return { halt, phase: 'pre-open' };
  }
  return undefined;
}

/** The sentence a quote or a refused order carries while a halt holds. */
export function marketHaltMessage(halt: BreakerHalt, phase: HaltPhase): string {
  const index = halt.index === 'SENSEX' ? 'SENSEX' : 'NIFTY 50';
  const what = `Trading is halted: the market-wide circuit breaker tripped when the ${index} moved ${halt.level}% from its previous close at ${formatIstMinute(halt.haltedAt)} IST`;
  if (halt.reopensAt === null || halt.preOpenFrom === null) return `${what}; trading does not resume today.`;
  if (phase === 'pre-open')
    return `${what}; the pre-open call auction runs until ${formatIstMinute(halt.reopensAt)} IST, when trading resumes.`;
  return `${what}; a pre-open call auction starts at ${formatIstMinute(halt.preOpenFrom)} and trading resumes at ${formatIstMinute(halt.reopensAt)} IST.`;
}
