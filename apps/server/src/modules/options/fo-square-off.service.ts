import { intradayCutoff, latestCutoffAtOrBefore, rupeesToPaise } from '@nivesh/shared';
import type { Fence } from '../../db/lease.js';
import { ledgerRepository } from '../ledger/ledger.repository.js';
import { closeMs, parseTradingSymbol } from './core.js';
import { foExecution } from './fo-execution.js';
import { foRepository } from './fo.repository.js';
import { describe, type FoSessionStatus } from './fo-orders.service.js';
import { endResting, foStep, type FoRoundDeps } from './fo-rounds.js';
import type { OptionsMarket } from './options-market.js';

export interface FoSquareOffRound {
  at: number;
  cancelled: number;
  squaredOff: number;
}

const ROLE = 'F&O intraday square-off';

/**
 * The F&O intraday cut-off, as a broker runs it at 15:25 IST (five minutes after shares): once it
 * has passed, resting MIS F&O orders are cancelled with the reason, then every open MIS derivative
 * position is closed at market — a long sold at the bid, a short bought back at the ask — with the
 * ₹59 square-off charge. Idempotent like the equity square-off: each order and position moves in
 * its own transaction under the placement locks, a cancelled order is no longer PENDING, a closed
 * position holds 0, and the closing order's key (`fo-square-off:<cut-off>:<symbol>:<account>`)
 * is unique per user. Contracts already past their expiry are the settlement's, not this round's.
 */
export class FoSquareOffService {
  constructor(private readonly o: FoRoundDeps & { market: OptionsMarket; status: () => FoSessionStatus }) {}

  async runOnce(options: { fence?: Fence } = {}): Promise<FoSquareOffRound> {
    const nowMs = this.o.market.nowMs();
    const now = new Date(nowMs);
    const mode = this.o.status().session;
    const cutoff = intradayCutoff(mode, nowMs, 'FO');
    const round: FoSquareOffRound = { at: nowMs, cancelled: 0, squaredOff: 0 };
    // Inside an MIS window only what an earlier session left open is closed (the job was down).
    const leftOverBefore = cutoff.passed ? undefined : new Date(latestCutoffAtOrBefore(mode, nowMs, 'FO'));
    const cutoffMs = leftOverBefore ? leftOverBefore.getTime() : Date.parse(cutoff.at);

    // Left-over resting MIS orders are DAY orders the F&O matcher has already expired.
    const resting = leftOverBefore ? [] : await foRepository.resting(this.o.db, 'MIS');
    for (const order of resting) {
      const reason = 'Cancelled at the 15:25 F&O intraday cut-off: intraday (MIS) orders do not carry over';
      if (
        await foStep(this.o, ROLE, options.fence, (tx) =>
          endResting(this.o, tx, order, 'CANCELLED', reason, now),
        )
      )
        round.cancelled += 1;
    }

    const open = (await foRepository.openIntraday(this.o.db, leftOverBefore)).filter((p) => {
      const parsed = parseTradingSymbol(p.tradingsymbol);
      return parsed !== undefined && nowMs < closeMs(parsed.expiry);
    });
    if (!open.length) return round;
    const market = await this.o.market.allInputs();
    for (const p of open) {
      const parsed = parseTradingSymbol(p.tradingsymbol)!;
      const { quote } = await this.o.market.quote(p.tradingsymbol);
      const done = await foStep(this.o, ROLE, options.fence, async (tx) => {
        const account = await ledgerRepository.lockAccount(tx, p.accountId);
        if (!account) return undefined;
        const positions = await foRepository.positions(tx, p.accountId, { lock: true });
        const held = positions.find((x) => x.tradingsymbol === p.tradingsymbol && x.product === 'MIS');
        if (!held || held.quantity === 0) return undefined;
        const side = held.quantity > 0 ? ('SELL' as const) : ('BUY' as const);
        const price = rupeesToPaise(side === 'SELL' ? quote.bid : quote.ask);
        const trade = {
          who: { userId: p.userId, accountId: p.accountId },
          symbol: p.tradingsymbol,
          parsed,
          side,
          quantity: Math.abs(held.quantity),
          product: 'MIS' as const,
          nowMs,
        };
        const target = {
          kind: 'new' as const,
          // Keys are unique per user; each portfolio of the user squares off on its own.
          clientOrderId: `fo-square-off:${cutoffMs}:${p.tradingsymbol}:${p.accountId}`,
          name: describe(parsed),
          orderType: 'MARKET' as const,
          limitPricePaise: null,
        };
        const filled = await foExecution.fill(tx, account, trade, price, target, market, 'square-off');
        return { userId: p.userId, order: filled.order, event: 'filled' as const, account: filled.account };
      });
      if (done) round.squaredOff += 1;
    }
    return round;
  }
}
