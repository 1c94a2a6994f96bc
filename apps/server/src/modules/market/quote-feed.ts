import { MAX_QUOTE_SUBSCRIPTIONS } from '@nivesh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Realtime } from '../../realtime/realtime.js';
import type { MarketService } from './market.service.js';

export const quoteRoom = (symbol: string) => `quote:${symbol}`;
const PREFIX = 'quote:';

/**
 * Live quotes over socket.io. A client emits `quotes:subscribe {symbols}`; its socket joins one
 * room per canonical symbol and gets a snapshot at once, then a `quote` event about every second
 * while it stays subscribed. Only symbols someone on this instance subscribed to are computed.
 *
 * Every instance runs its own feed for its own sockets (`io.local`) rather than electing one
 * feeder: prices are a pure function of (seed, symbol, time), so instances agree on every number
 * without coordination, and no tick crosses Redis.
 */
export class QuoteFeed {
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    private readonly o: {
      realtime: Realtime;
      market: MarketService;
      log: FastifyBaseLogger;
      intervalMs?: number;
    },
  ) {
    const { realtime, market } = o;
    realtime.onClientEvent('quotes:subscribe', async (socket, { symbols }) => {
      const resolved = symbols.map((s) => {
        const instrument = market.tryResolve(s);
        if (!instrument) throw new Error(`Stock not found: ${s}`);
        return instrument.symbol;
      });
      const rooms = [...new Set(resolved)].map(quoteRoom);
      const current = [...socket.rooms].filter((r) => r.startsWith(PREFIX));
      if (new Set([...current, ...rooms]).size > MAX_QUOTE_SUBSCRIPTIONS)
        throw new Error(`At most ${MAX_QUOTE_SUBSCRIPTIONS} symbols`);
      const fresh = rooms.filter((r) => !socket.rooms.has(r));
      await socket.join(rooms);
      for (const room of fresh) {
        const event = await market.quoteEvent(room.slice(PREFIX.length));
        (socket.emit as (e: string, p: unknown) => void)('quote', event);
      }
    });
    realtime.onClientEvent('quotes:unsubscribe', async (socket, { symbols }) => {
      for (const s of symbols) {
        const instrument = market.tryResolve(s);
        if (instrument) await socket.leave(quoteRoom(instrument.symbol));
      }
    });
  }

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.o.intervalMs ?? 1000);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One round: a quote event to each subscribed room of this instance. */
  async tick() {
    if (this.running) return;
    this.running = true;
    try {
      for (const room of this.o.realtime.localRooms(PREFIX)) {
        const event = await this.o.market.quoteEvent(room.slice(PREFIX.length));
        this.o.realtime.toRoom(room, 'quote', event, { local: true });
      }
    } catch (err) {
      this.o.log.warn({ err }, 'quote feed tick failed');
    } finally {
      this.running = false;
    }
  }
}
