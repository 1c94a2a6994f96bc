import { REFUSAL_CODES, rupeesToPaise } from '@nivesh/shared';
import type { Fence } from '../../db/lease.js';
import { AppError } from '../../lib/errors.js';
import { ledgerRepository } from '../ledger/ledger.repository.js';
import { EXPIRY_REASON } from '../orders/order-execution.service.js';
import { parseTradingSymbol } from './core.js';
import { foExecution, rupees } from './fo-execution.js';
import { foRepository } from './fo.repository.js';
import { describe, meets, type FoSessionStatus } from './fo-orders.service.js';
import { endResting, foStep, type FoRoundDeps } from './fo-rounds.js';
import type { OptionsMarket } from './options-market.js';

export interface FoMatchRound {
  at: number;
  filled: number;
  expired: number;
  rejected: number;
}

const ROLE = 'F&O matcher';

/**
 * The matcher of resting F&O limits, on the equity matcher's beat under its own lease: DAY orders
 * past their session's end expire; then, while the market is open, a buy whose limit the ask has
 * reached fills at the ask, a sell whose limit the bid has reached at the bid (never worse than the
 * limit), through the same writer as an order that fills at once. Each order moves in its own
 * transaction under the placement locks (account, order, positions) and is re-read there, so a
 * cancel or modify racing the round either wins or waits. If the margin no longer fits when the
 * limit is reached (the rest of the book moved), the order is rejected with the reason and its
 * reservation given back.
 */
export class FoMatcherService {
  constructor(private readonly o: FoRoundDeps & { market: OptionsMarket; status: () => FoSessionStatus }) {}

  async runOnce(options: { fence?: Fence } = {}): Promise<FoMatchRound> {
    const nowMs = this.o.market.nowMs();
    const now = new Date(nowMs);
    const round: FoMatchRound = { at: nowMs, filled: 0, expired: 0, rejected: 0 };
    const resting = await foRepository.resting(this.o.db);
    if (!resting.length) return round;
    const live = [];
    for (const order of resting) {
      if (order.expiresAt && order.expiresAt.getTime() <= nowMs) {
        const done = await foStep(this.o, ROLE, options.fence, (tx) =>
          endResting(this.o, tx, order, 'EXPIRED', EXPIRY_REASON, now),
        );
        if (done) round.expired += 1;
      } else live.push(order);
    }
    if (!live.length || !this.o.status().marketOpen) return round;
    const market = await this.o.market.allInputs();
    const quotes = new Map<string, { bid: bigint; ask: bigint }>();
    for (const symbol of new Set(live.map((o) => o.symbol))) {
      const { quote } = await this.o.market.quote(symbol);
      quotes.set(symbol, { bid: rupeesToPaise(quote.bid), ask: rupeesToPaise(quote.ask) });
    }
    for (const order of live) {
      const q = quotes.get(order.symbol)!;
      const side = order.side as 'BUY' | 'SELL';
      const price = side === 'BUY' ? q.ask : q.bid;
      if (!meets(side, price, order.limitPricePaise!)) continue;
      const parsed = parseTradingSymbol(order.symbol)!;
      const trade = {
        who: { userId: order.userId, accountId: order.accountId },
        symbol: order.symbol,
        parsed,
        side,
        quantity: order.quantity,
        product: order.product as 'NRML' | 'MIS',
        nowMs,
      };
      let refusal: string | undefined;
      const filled = await foStep(this.o, ROLE, options.fence, async (tx) => {
        const account = await ledgerRepository.lockAccount(tx, order.accountId);
        const row = await foRepository.lockOrder(tx, order.id);
        if (!account || !row || row.status !== 'PENDING') return undefined;
        try {
          const done = await foExecution.fill(
            tx,
            account,
            trade,
            price,
            { kind: 'resting', row },
            market,
            'resting',
          );
          return { userId: row.userId, order: done.order, event: 'filled' as const, account: done.account };
        } catch (error) {
          if (!(error instanceof AppError) || error.code !== REFUSAL_CODES.insufficientMargin) throw error;
          refusal = error.message;
          return undefined;
        }
      });
      if (filled) round.filled += 1;
      if (refusal === undefined) continue;
      const reason = `Rejected when the market reached your limit at ${rupees(price)} (${describe(parsed)}): ${refusal}`;
      const rejected = await foStep(this.o, ROLE, options.fence, (tx) =>
        endResting(this.o, tx, order, 'REJECTED', reason, now),
      );
      if (rejected) round.rejected += 1;
    }
    return round;
  }
}
