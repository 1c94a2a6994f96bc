import type { Underlying } from '@nivesh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Realtime } from '../../realtime/realtime.js';
import type { OptionsMarket } from './options-market.js';

const PREFIX = 'chain:';
/** One room per chain: underlying, expiry and strikes each side. */
export const chainRoom = (underlying: Underlying, expiry: string, strikes: number) =>
  `${PREFIX}${underlying}:${expiry}:${strikes}`;

/**
 * Live option chains over the quotes' socket (issue 28). A socket subscribes to one chain at a time
 * (`options:subscribe`), gets it at once, then every interval while subscribed. Like the quote
 * feed, each instance prices the chains its own sockets watch: prices are a function of the seeded
 * index and the clock, so instances agree without coordination.
 */
export class OptionChainFeed {
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    private readonly o: {
      realtime: Realtime;
      market: OptionsMarket;
      log: FastifyBaseLogger;
      intervalMs?: number;
    },
  ) {
    const { realtime, market } = o;
    realtime.onClientEvent('options:subscribe', async (socket, { underlying, expiry, strikes }) => {
      // An unlisted expiry throws the route's 400 message, which the ack carries back.
      const chain = await market.chain(underlying, expiry, strikes);
      for (const room of socket.rooms) if (room.startsWith(PREFIX)) await socket.leave(room);
      await socket.join(chainRoom(underlying, chain.expiry, strikes));
      (socket.emit as (e: string, p: unknown) => void)('option-chain', chain);
    });
    realtime.onClientEvent('options:unsubscribe', async (socket) => {
      for (const room of socket.rooms) if (room.startsWith(PREFIX)) await socket.leave(room);
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

  /** One round: the current chain to each subscribed chain room of this instance. */
  async tick() {
    if (this.running) return;
    this.running = true;
    try {
      for (const room of this.o.realtime.localRooms(PREFIX)) {
        const [underlying, expiry, strikes] = room.slice(PREFIX.length).split(':');
        const chain = await this.o.market
          .chain(underlying as Underlying, expiry, Number(strikes))
          // An expiry that has passed is no longer listed: its room simply stops getting updates.
          .catch(() => undefined);
        if (chain) this.o.realtime.toRoom(room, 'option-chain', chain, { local: true });
      }
    } catch (err) {
      this.o.log.warn({ err }, 'option chain feed tick failed');
    } finally {
      this.running = false;
    }
  }
}
