import { intradayCutoff, type IntradaySegment } from '@nivesh/shared';
import { useNow } from '../../../lib/use-now';
import { useMarketStatus } from '../../market/api/market-api';
import type { IntradayCutoff } from '../lib/intraday-cutoff';

/**
 * The intraday cut-off for a screen with no order preview (the portfolio's intraday section): the
 * shared rule applied to the server's session mode, re-read every 30 s so "passed" turns on time.
 * A ticket uses the preview's `intradayCutoff` instead, which is the server's own answer.
 */
export function useIntradayCutoff(segment: IntradaySegment = 'EQ'): IntradayCutoff | null {
  const status = useMarketStatus('NSE');
  const now = useNow(30_000);
  const session = status.data?.session;
  return session ? intradayCutoff(session, now.getTime(), segment) : null;
}

/** Whether the server runs the simulated always-open session, whose 15:20 falls at another IST time. */
export function useSimulatedSession(): boolean {
  return useMarketStatus('NSE').data?.session === 'always-open';
}
