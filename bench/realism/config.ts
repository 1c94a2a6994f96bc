// The realism report's fixed choices: the seed, the years, the symbols, the sample sizes.
import type { SessionMode } from '@nivesh/shared';

/** REALISM_SEED runs another seed (to see the seed-to-seed spread); the default stays fixed. */
export const SEED = process.env.REALISM_SEED || 'realism-report';
export const YEARS = 4;
/** Simulated days sampled per symbol and clock for the intraday figures (evenly spread over the years). */
export const INTRADAY_DAYS = 80;
/** Days per stock for the universe-wide intraday checks (every stock of the bundle). */
export const UNIVERSE_DAYS = 4;
/** Daily moves beyond ±20% are corporate actions in the real rows (the band forbids them live); the calibration drops them too. */
export const MAX_ABS_RETURN = Math.log(1.2);
export const NAMED = [
  'RELIANCE',
  'TCS',
  'INFY',
  'HDFCBANK',
  'ICICIBANK',
  'SBIN',
  'ITC',
  'HINDUNILVR',
  'LT',
  'BHARTIARTL',
  'MARUTI',
  'SUNPHARMA',
  'TATASTEEL',
  'ONGC',
  'ADANIENT',
  'ASIANPAINT',
  'TITAN',
  'DMART',
  'IRCTC',
  'POLYCAB',
  'PERSISTENT',
  'HYUNDAI', // listed 2024-10: a short real history
];
export const INDICES = ['NIFTY50', 'SENSEX'];
export const INTRADAY_ONLY = process.env.REALISM_ONLY === 'intraday';
export const ONLY_DAILY = process.env.REALISM_ONLY === 'daily';
/** The clocks whose intraday figures are computed. */
export const intradayModes: readonly SessionMode[] = ONLY_DAILY ? [] : ['nse', 'always-open'];
