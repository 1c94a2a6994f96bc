import { formatInr, paiseToRupees, rupeesToPaise } from '@nivesh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/database.js';
import { LeaseLost, type Fence } from '../../db/lease.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { ledgerRepository, type LedgerKind } from '../ledger/ledger.repository.js';
import {
  closeMs,
  exerciseStt,
  intrinsicValue,
  istDay,
  parseTradingSymbol,
  type ParsedSymbol,
} from './core.js';
import { blockedMargin } from './fo-margin.js';
import { foRepository, type FoPositionRow } from './fo.repository.js';
import type { OptionsMarket } from './options-market.js';

export interface SettlementRound {
  at: number;
  settled: number;
}

const money = (paise: bigint) => formatInr(paiseToRupees(paise < 0n ? -paise : paise));

/** What settling one position moves: cash lines (signed paise), the P&L it realises, the STT. */
export function settlementOf(
  p: ParsedSymbol,
  position: { quantity: number; averagePricePaise: bigint },
  settlePaise: bigint,
): { lines: { kind: LedgerKind; amount: bigint; description: string }[]; realised: bigint; stt: bigint } {
  const q = BigInt(position.quantity);
  const units = q < 0n ? -q : q;
  const at = `${p.underlying} closed at ${money(settlePaise)} on ${p.expiry}`;
  if (p.kind === 'FUT') {
    // Futures settle at the index close: the whole P&L since the entry (no daily MTM in Nivesh).
    const pnl = (settlePaise - position.averagePricePaise) * q;
    return {
      lines: [
        {
          kind: 'FO_SETTLEMENT',
          amount: pnl,
          description: `Future settled at expiry: ${position.quantity} units, ${at}`,
        },
      ],
      realised: pnl,
      stt: 0n,
    };
  }
  const intrinsicPaise = rupeesToPaise(intrinsicValue(p.kind, p.strike!, Number(settlePaise) / 100));
  const value = intrinsicPaise * units;
  // Options: the premium already moved as cash at the trades; expiry pays or charges the intrinsic.
  const realised = (intrinsicPaise - position.averagePricePaise) * q;
  if (value === 0n) return { lines: [], realised, stt: 0n };
  if (q > 0n) {
    const stt = exerciseStt(value, p.expiry);
    return {
      lines: [
        {
          kind: 'FO_SETTLEMENT',
          amount: value,
          description: `Option exercised at expiry: ${position.quantity} units, intrinsic ${money(intrinsicPaise)} each, ${at}`,
        },
        {
          kind: 'FEE_STT',
          amount: -stt,
          description: `STT on exercise (0.15% of the intrinsic value ${money(value)})`,
        },
      ],
      realised: realised - stt,
      stt,
    };
  }
  return {
    lines: [
      {
        kind: 'FO_SETTLEMENT',
        amount: -value,
        description: `Option assigned at expiry: ${position.quantity} units, intrinsic ${money(intrinsicPaise)} each, ${at}`,
      },
    ],
    realised,
    stt: 0n,
  };
}

/**
 * Expiry settlement (issue 28): at or after 15:30 IST on an expiry day, every open position of
 * that expiry settles at the simulated index's price at 15:30 — long in-the-money options are
 * exercised (intrinsic credited, STT on exercise charged), short ones assigned (intrinsic
 * debited), out-of-the-money options lapse at zero, futures realise their P&L. It runs for any past
 * expiry with open positions, so it catches up after downtime; each position's settlement is one
 * row under a unique key, so a second run (or a second instance) settles nothing again.
 */
export class ExpirySettlementService {
  constructor(private readonly o: { db: Db; market: OptionsMarket; log: FastifyBaseLogger }) {}

  async runOnce(options: { fence?: Fence } = {}): Promise<SettlementRound> {
    const at = this.o.market.nowMs();
    const due = (await foRepository.openSymbols(this.o.db)).filter((s) => {
      const p = parseTradingSymbol(s);
      return p !== undefined && closeMs(p.expiry) <= at;
    });
    let settled = 0;
    for (const row of await foRepository.openOf(this.o.db, due)) {
      const p = parseTradingSymbol(row.tradingsymbol)!;
      const close = await this.o.market.settlementPrice(p.underlying, p.expiry);
      if (close === undefined) continue;
      if (await this.settleOne(row, p, rupeesToPaise(close), options.fence)) settled += 1;
    }
    return { at, settled };
  }

  private async settleOne(
    row: FoPositionRow,
    p: ParsedSymbol,
    settlePaise: bigint,
    fence: Fence | undefined,
  ) {
    try {
      return await this.o.db.transaction(async (tx) => {
        if (fence && !(await fence(tx))) throw new LeaseLost('F&O expiry settlement');
        const account = await ledgerRepository.lockAccount(tx, row.accountId);
        if (!account) return false;
        const positions = await foRepository.positions(tx, row.accountId, { lock: true });
        const current = positions.find(
          (x) => x.tradingsymbol === row.tradingsymbol && x.product === row.product,
        );
        if (!current || current.quantity === 0) return false;
        const s = settlementOf(p, current, settlePaise);
        const recorded = await foRepository.insertSettlement(tx, {
          userId: current.userId,
          accountId: current.accountId,
          tradingsymbol: current.tradingsymbol,
          product: current.product,
          expiry: p.expiry,
          quantity: current.quantity,
          settlePricePaise: settlePaise,
          amountPaise: s.lines.reduce((sum, l) => sum + l.amount, 0n),
          sttPaise: s.stt,
        });
        if (!recorded) return false;
        const balance = await this.post(tx, current, s.lines, account.balancePaise);
        await foRepository.upsertPosition(tx, {
          ...current,
          quantity: 0,
          averagePricePaise: 0n,
          realizedPnlPaise: current.realizedPnlPaise + s.realised,
          settledQuantity: current.settledQuantity + current.quantity,
        });
        await this.releaseMargin(tx, account, positions, current, balance);
        return true;
      });
    } catch (err) {
      if (err instanceof LeaseLost) throw err;
      if (isUniqueViolation(err)) return false;
      this.o.log.error({ err, tradingsymbol: row.tradingsymbol }, 'F&O expiry settlement failed');
      return false;
    }
  }

  private async post(
    tx: DbOrTx,
    position: FoPositionRow,
    lines: ReturnType<typeof settlementOf>['lines'],
    start: bigint,
  ): Promise<bigint> {
    let balance = start;
    for (const line of lines) {
      if (line.amount === 0n) continue;
      balance += line.amount;
      await ledgerRepository.append(tx, {
        userId: position.userId,
        accountId: position.accountId,
        kind: line.kind,
        amountPaise: line.amount,
        balanceAfterPaise: balance,
        description: `${position.tradingsymbol}: ${line.description}`,
        orderId: null,
      });
    }
    return balance;
  }

  /** The margin the remaining open positions need now replaces what the account had blocked. */
  private async releaseMargin(
    tx: DbOrTx,
    account: { id: FoPositionRow['accountId']; reservedPaise: bigint; foMarginPaise: bigint },
    positions: FoPositionRow[],
    settled: FoPositionRow,
    balance: bigint,
  ) {
    const remaining = positions
      .filter((x) => x !== settled && x.quantity !== 0)
      .map((x) => ({ tradingsymbol: x.tradingsymbol, quantity: x.quantity }));
    const market = remaining.length ? await this.o.market.allInputs() : undefined;
    const needed = market ? blockedMargin(remaining, market, istDay(this.o.market.nowMs())) : 0n;
    const otherReserved = account.reservedPaise - account.foMarginPaise;
    // Never block more than the cash there is: the check constraint would refuse the settlement.
    const room = balance - otherReserved;
    const margin = needed < room ? needed : room > 0n ? room : 0n;
    await foRepository.setAccount(tx, account.id, {
      balancePaise: balance,
      reservedPaise: otherReserved + margin,
      foMarginPaise: margin,
    });
  }
}
