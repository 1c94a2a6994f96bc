import { dateToDayNumber, type Drill } from '@nivesh/shared';
import type { ReplayMarket } from './replay-market.js';

/**
 * Curated real days (issue 25 §2). Every figure in a briefing is either filled in from the bundle
 * (the NIFTY 50's bar of the replay day) or quoted from the sources listed with it; the text says
 * which. Times of the 2020 trips are the ones reported at the time (research note §2.1).
 */
interface DrillSpec {
  id: string;
  title: string;
  date: string;
  replayDate: string | null;
  days: number;
  kind: Drill['kind'];
  briefing: (n: NonNullable<Drill['nifty']>) => string;
  watch: string[];
  sources: string[];
}

const pct = (a: number, b: number) => `${((a / b - 1) * 100).toFixed(2)}%`;
const level = (v: number) => v.toLocaleString('en-IN', { maximumFractionDigits: 2 });
// Shown to users under each drill: what the briefing's figures and times come from, in their words
// (the bundle's provenance is apps/server/data/market/NOTICE.md; the reports are in the research note §2.1).
const BUNDLE = "NSE's daily NIFTY 50 history bundled with Nivesh: the index figures in the briefing";
const DRILL_NEWS = 'NDTV, CNBC-TV18 and Business Today reports of the day: the times of the halt';
const MWCB = 'SEBI circular CIR/MRD/DP/25/2013 and BSE, on the market-wide circuit breaker';

const SPECS: DrillSpec[] = [
  {
    id: 'covid-circuit-2020-03-13',
    title: 'COVID crash: the market-wide circuit breaker (13 Mar 2020)',
    date: '2020-03-13',
    replayDate: '2020-03-13',
    days: 1,
    kind: 'event',
    briefing: (n) =>
      `The NIFTY 50 closed the day before at ${level(n.previousClose)} and opened at ${level(n.open)} (${pct(n.open, n.previousClose)}). Reports of the day put it 10.07% down at 09:20, which tripped the market-wide circuit breaker: a 45-minute halt, a pre-open call auction from 10:05, and trading again from 10:20. By 11:02 it was reported down only 1.75%, and it closed at ${level(n.close)} (${pct(n.close, n.previousClose)}), with the day's low at ${level(n.low)}. The replay halts at 09:20 as the market did; its minute path is modelled (only the day's open, high, low and close are real), with every stock's low placed at the trip.`,
    watch: [
      'What you can and cannot do while trading is halted, and what the quote says',
      'Where prices reopen after the pre-open auction compared with where they stopped',
      'Whether selling into the fall or waiting out the halt paid on this day',
    ],
    sources: [BUNDLE, DRILL_NEWS, MWCB],
  },
  {
    id: 'covid-circuit-2020-03-23',
    title: 'Second circuit breaker in ten days (23 Mar 2020)',
    date: '2020-03-23',
    replayDate: '2020-03-23',
    days: 1,
    kind: 'event',
    briefing: (n) =>
      `After closing at ${level(n.previousClose)}, the NIFTY 50 opened at ${level(n.open)} (${pct(n.open, n.previousClose)}). Reports of the day say the SENSEX fell 10% at 09:58, halting trading; it reopened at 10:58. Unlike 13 March there was no recovery: the NIFTY 50 closed at ${level(n.close)} (${pct(n.close, n.previousClose)}), near its low of ${level(n.low)}. The bundle has no SENSEX levels this early, so the replay takes the halt's timing from the reports and places the day's lows at 09:58; the minute path is modelled around the real open, high, low and close.`,
    watch: [
      'The halt at 09:58 and the reopen at 10:58',
      'A gap down that keeps going: how a stop-loss or a limit buy fares',
      'How far stocks fell against the index',
    ],
    sources: [BUNDLE, DRILL_NEWS, MWCB],
  },
  {
    id: 'budget-2020',
    title: 'Union Budget 2020 (Saturday 1 Feb 2020) — the next session',
    date: '2020-02-01',
    replayDate: '2020-02-03',
    days: 1,
    kind: 'event',
    briefing: (n) =>
      `The Budget was presented on Saturday 1 February 2020, in a special session the bundled history does not have (its source leaves weekend sessions out), so this drill opens Monday 3 February, the first session after it. The previous close in the bundle is Friday 31 January's, ${level(n.previousClose)}, so the open at ${level(n.open)} (${pct(n.open, n.previousClose)}) folds in the Saturday's move. The day's range was ${level(n.low)}–${level(n.high)}, and it closed at ${level(n.close)}.`,
    watch: [
      'How much of the Budget reaction was already in the Monday open',
      'Which sectors lead and lag once the open has absorbed the news',
    ],
    sources: [BUNDLE],
  },
  {
    id: 'election-results-2024-06-04',
    title: 'General election results (4 Jun 2024)',
    date: '2024-06-04',
    replayDate: '2024-06-04',
    days: 2,
    kind: 'event',
    briefing: (n) =>
      `Results of the 2024 general election were counted through the day. The NIFTY 50 had closed at ${level(n.previousClose)} the day before, opened at ${level(n.open)} and fell as far as ${level(n.low)} (${pct(n.low, n.previousClose)}) — short of the 10% that would trip the market-wide breaker — before closing at ${level(n.close)} (${pct(n.close, n.previousClose)}). The replay runs two sessions, so the next day's rebound is included. Minute paths are modelled around each day's real open, high, low and close.`,
    watch: [
      'How close the index comes to the 10% breaker level',
      'Volatility during the counting, and what it does to market orders',
      'The next session: who bought the fall',
    ],
    sources: [BUNDLE],
  },
  {
    id: 'calm-2023-08-22',
    title: 'A calm day (22 Aug 2023)',
    date: '2023-08-22',
    replayDate: '2023-08-22',
    days: 1,
    kind: 'calm',
    briefing: (n) =>
      `A quiet session for contrast: the NIFTY 50 moved between ${level(n.low)} and ${level(n.high)} and closed at ${level(n.close)}, ${pct(n.close, n.previousClose)} from the previous close of ${level(n.previousClose)}. Most of the day's range comes from single stocks, not the market.`,
    watch: [
      'Charges against small moves: what a round trip costs when prices barely move',
      'Which stocks move on a day the index does not',
    ],
    sources: [BUNDLE],
  },
  {
    id: 'calm-2024-09-03',
    title: 'A calm day (3 Sep 2024)',
    date: '2024-09-03',
    replayDate: '2024-09-03',
    days: 1,
    kind: 'calm',
    briefing: (n) =>
      `Another quiet session: the NIFTY 50 ranged ${level(n.low)}–${level(n.high)} and closed at ${level(n.close)}, ${pct(n.close, n.previousClose)} from ${level(n.previousClose)}. A day to practise limit orders and patience rather than react to news.`,
    watch: [
      'Whether a limit order placed near the open fills at all',
      'Overtrading: count your trades and their charges',
    ],
    sources: [BUNDLE],
  },
];

export function listDrills(market: ReplayMarket): Drill[] {
  return SPECS.map((spec) => {
    const day = spec.replayDate === null ? null : dateToDayNumber(spec.replayDate);
    const nifty = day !== null && market.isTradingDay(day) ? market.niftyDay(day) : null;
    return {
      id: spec.id,
      title: spec.title,
      date: spec.date,
      replayDate: nifty ? spec.replayDate : null,
      days: spec.days,
      kind: spec.kind,
      briefing: nifty
        ? spec.briefing(nifty)
        : `The bundled history has no bar for ${spec.replayDate ?? spec.date}, so this drill cannot be replayed here.`,
      watch: spec.watch,
      nifty,
      sources: spec.sources,
    };
  });
}
