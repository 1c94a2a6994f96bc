import { nextOpenClose, isMarketOpen, type MarketStatus, type SessionMode } from '@nivesh/shared';
import type { MarketClock } from './market-provider.js';

/**
 * One clock for every exchange: the simulator runs US stocks on the same session as the NSE
 * (IST), so NASDAQ reports what NSE does. NSE holidays are not modelled: every weekday trades.
 */
export class SessionMarketClock implements MarketClock {
  constructor(private readonly mode: SessionMode) {}

  isOpen(_exchange: string, now: Date = new Date()): boolean {
    return isMarketOpen(this.mode, now.getTime());
  }

  status(exchange: string, now: Date = new Date()): MarketStatus {
    const open = this.isOpen(exchange, now);
    const { nextOpen, nextClose } = nextOpenClose(this.mode, now.getTime());
    return {
      exchange,
      marketOpen: open,
      session: this.mode,
      label:
        this.mode === 'always-open'
          ? 'Simulated market · open 24×7'
          : `Simulated market · NSE hours (09:15–15:30 IST) · ${open ? 'open' : 'closed'}`,
      nextOpen: nextOpen === null ? null : new Date(nextOpen).toISOString(),
      nextClose: nextClose === null ? null : new Date(nextClose).toISOString(),
      timezone: 'Asia/Kolkata',
    };
  }
}
