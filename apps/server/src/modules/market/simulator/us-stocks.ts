/**
 * The US stocks have no history in the bundled data, so their prices are wholly simulated and
 * must never be presented as real. Each is seeded at `referencePrice` (USD) on the bundle's
 * anchor date (the last day of real Indian data) and walks from there, forwards to today and
 * backwards for the chart history, with these typical parameters:
 * - referencePrice: a round figure near the stock's late-2025 trading range, a starting point and
 *   not a quote;
 * - dailyVol: typical daily standard deviation of log returns of the last few years (about
 *   1.5–2% for the megacaps, 3%+ for NVDA and TSLA);
 * - beta: typical beta to the S&P 500, applied to a simulated US market factor of 1.1% daily vol.
 */
export interface UsStock {
  symbol: string;
  name: string;
  sector: string;
  industry: string;
  referencePrice: number;
  dailyVol: number;
  beta: number;
  /** Typical shares traded per day, for the volume column. */
  typicalVolume: number;
}

export const US_MARKET_DAILY_VOL = 0.011;

export const US_STOCKS: readonly UsStock[] = [
  {
    symbol: 'AAPL',
    name: 'Apple Inc.',
    sector: 'Information Technology',
    industry: 'Consumer Electronics',
    referencePrice: 270,
    dailyVol: 0.017,
    beta: 1.2,
    typicalVolume: 50_000_000,
  },
  {
    symbol: 'MSFT',
    name: 'Microsoft Corporation',
    sector: 'Information Technology',
    industry: 'Software',
    referencePrice: 500,
    dailyVol: 0.015,
    beta: 1.1,
    typicalVolume: 20_000_000,
  },
  {
    symbol: 'GOOGL',
    name: 'Alphabet Inc. (Class A)',
    sector: 'Communication Services',
    industry: 'Internet Content & Information',
    referencePrice: 280,
    dailyVol: 0.019,
    beta: 1.1,
    typicalVolume: 30_000_000,
  },
  {
    symbol: 'AMZN',
    name: 'Amazon.com, Inc.',
    sector: 'Consumer Services',
    industry: 'Internet Retail',
    referencePrice: 230,
    dailyVol: 0.02,
    beta: 1.3,
    typicalVolume: 40_000_000,
  },
  {
    symbol: 'NVDA',
    name: 'NVIDIA Corporation',
    sector: 'Information Technology',
    industry: 'Semiconductors',
    referencePrice: 185,
    dailyVol: 0.031,
    beta: 1.8,
    typicalVolume: 180_000_000,
  },
  {
    symbol: 'TSLA',
    name: 'Tesla, Inc.',
    sector: 'Automobile and Auto Components',
    industry: 'Automobile Manufacturers',
    referencePrice: 430,
    dailyVol: 0.038,
    beta: 2.0,
    typicalVolume: 90_000_000,
  },
  {
    symbol: 'META',
    name: 'Meta Platforms, Inc.',
    sector: 'Communication Services',
    industry: 'Internet Content & Information',
    referencePrice: 640,
    dailyVol: 0.023,
    beta: 1.3,
    typicalVolume: 15_000_000,
  },
];
