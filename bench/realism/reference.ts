// The real intraday figures: bench/realism-reference.json (see bench/realism-reference.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const reference = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '..', 'realism-reference.json'), 'utf8'),
) as {
  sessions: number;
  summary: {
    largestMinuteMoveShareMax: number;
    largestMinuteMoveShareMedian: number;
    longestRunNearExtremeMinutesMax: number;
    longestUnchangedMinutesMax: number;
    halfHourVolatilityStocks: number[];
    halfHourVolatilityIndices: number[];
  };
  perSession: {
    file: string;
    symbol: string;
    largestMinuteMoveShare: number;
    longestRunNearExtremeMinutes: number;
    longestUnchangedMinutes: number;
    halfHourVolatility: number[];
  }[];
};
