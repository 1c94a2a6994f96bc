import { type Instrument, type MarketStatus, type Order, type Quote } from '@nivesh/shared';
import { AppError, notFound } from '../../lib/errors.js';
import { SessionMarketClock } from '../market/market-clock.js';
import { MarketDataError } from '../market/market-provider.js';
import type { TickTest } from '../market/price-path.js';
import type { OrderMarket, StandIn } from '../orders/order-market.js';
import type { BlindView } from './blind-view.js';
import type { ReplayMarket } from './replay-market.js';

const SESSION = new SessionMarketClock('nse');

/** A market read as an answer: an unknown stock is a 404, a data failure a 503. */
export function guardMarket<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof MarketDataError) {
      if (error.kind === 'not-found') throw notFound('Stock not found');
      throw new AppError(503, 'SERVICE_UNAVAILABLE', error.message);
    }
    throw error;
  }
}

/**
 * A replay's market at one instant of its clock, as an order sees it: the bundled real prices at
 * that clock, the NSE session of that day, the market-wide halt then. Blind, a stock is named by
 * its stand-in symbol; the order stores the real one (revealed at finish).
 */
export class ReplayOrderMarket implements OrderMarket {
  constructor(
    private readonly market: ReplayMarket,
    private readonly clockMs: number,
    private readonly blind: BlindView | null,
  ) {}

  get standIn(): StandIn | undefined {
    return this.blind ?? undefined;
  }

  /** Blind, an order names its stock by the stand-in and its times by the stand-in calendar. */
  present(order: Order): Order {
    const blind = this.blind;
    if (!blind) return order;
    const symbol = blind.symbolOf(order.symbol);
    const time = (iso: string | null) => iso && blind.iso(iso);
    return {
      ...order,
      symbol,
      stockSymbol: symbol,
      stockName: blind.nameOf(order.symbol, order.stockName),
      // These are on the replay clock; createdAt and updatedAt are wall time and say nothing.
      executedAt: time(order.executedAt),
      cancelledAt: time(order.cancelledAt),
      expiresAt: time(order.expiresAt),
    };
  }

  nowMs(): number {
    return this.clockMs;
  }

  resolve(input: string): Instrument {
    const upper = input
      .trim()
      .toUpperCase()
      .replace(/\.(NS|BO)$/, '');
    const isIndex = (s: string) => this.market.instruments.some((i) => i.symbol === s && i.type === 'INDEX');
    const symbol = this.blind
      ? this.blind.resolve(upper, isIndex)
      : this.market.instruments.find((i) => i.symbol === upper || i.bseCode === upper)?.symbol;
    const instrument = symbol && this.market.instruments.find((i) => i.symbol === symbol);
    if (!instrument || !this.market.listedBy(instrument.symbol, this.clockMs))
      throw notFound('Stock not found');
    return instrument;
  }

  /** Orders ask by the canonical symbol `resolve` gave them (blind too). */
  async quote(symbol: string): Promise<Quote> {
    return guardMarket(() => this.market.quote(symbol, this.clockMs));
  }

  async quotes(inputs: string[]): Promise<Quote[]> {
    return inputs.map((symbol) => guardMarket(() => this.market.quote(symbol, this.clockMs)));
  }

  status(exchange: string): MarketStatus {
    const status = SESSION.status(exchange, new Date(this.clockMs));
    const halt = status.marketOpen ? this.halt() : undefined;
    const label = halt
      ? halt.quoteHalt.message
      : `Replay · NSE hours (09:15–15:30 IST) · ${status.marketOpen ? 'open' : 'closed'}`;
    return { ...status, marketOpen: status.marketOpen && !halt, label };
  }

  halt() {
    return this.market.breaker.at(this.clockMs);
  }

  get knowsPath(): boolean {
    return true;
  }

  async firstTickPast(symbol: string, fromMs: number, toMs: number, test: TickTest, levelPaise: bigint) {
    return this.market.firstTickPast(symbol, fromMs, toMs, test, Number(levelPaise));
  }
}
