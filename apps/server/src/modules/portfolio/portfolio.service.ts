import {
  computeFigures,
  currentSession,
  DAY_MS,
  IST_OFFSET_MS,
  paiseToRupees,
  round2,
  rupeesToPaise,
  todaysShare,
  type AccountFigures,
  type FigureDerivatives,
  type FigureInputs,
  type FiguresWithInputs,
  type Holding,
  type PortfolioSummary,
  type PositionFigures,
  type Quote,
  type SessionMode,
  type VirtualAccount,
} from '@nivesh/shared';
import type { Db, DbOrTx } from '../../db/database.js';
import type { AccountId, AccountRef } from '../../db/account-id.js';
import { notFound } from '../../lib/errors.js';
import type { MarketService } from '../market/market.service.js';
import { ledgerRepository } from '../ledger/ledger.repository.js';
import { portfoliosRepository } from '../portfolios/portfolios.repository.js';
import { positionsRepository, type PositionRow } from '../orders/positions.repository.js';
import type { RewardsService } from '../ledger/rewards.service.js';

const RECENT_TRANSACTIONS = 20;

/** A position's key: delivery and intraday holdings of one symbol are separate rows. */
const keyOf = (p: { symbol: string; product?: string | undefined }) => `${p.symbol}|${p.product ?? 'CNC'}`;

interface Valued {
  holdings: Holding[];
  figures: AccountFigures;
  inputs: FigureInputs;
}

/** Start (IST midnight) of the session today's quotes compare with their previous close. */
function sessionStart(mode: SessionMode, nowMs: number): Date {
  return new Date(currentSession(mode, nowMs).day * DAY_MS - IST_OFFSET_MS);
}

/**
 * Reads of the cash account and positions, valued at the market's live prices. Every money figure
 * is computed here, once, by the glossary's `computeFigures`; the other read models take them from
 * `figures()`.
 */
export class PortfolioService {
  constructor(
    private readonly o: {
      db: Db;
      market: MarketService;
      rewards: RewardsService;
      /** The portfolio's options and futures (the Options Lab); absent, the figures are shares and cash. */
      derivatives?: (accountId: AccountId, db: DbOrTx) => Promise<FigureDerivatives | undefined>;
    },
  ) {}

  private async value(accountId: AccountId, db: DbOrTx = this.o.db): Promise<Valued> {
    const nowMs = this.o.market.nowMs();
    const [account, rows, buys, derivatives] = await Promise.all([
      this.cash(accountId, db),
      positionsRepository.forAccount(db, accountId),
      positionsRepository.buysSince(db, accountId, sessionStart(this.o.market.status('NSE').session, nowMs)),
      this.o.derivatives?.(accountId, db),
    ]);
    const open = rows.filter((r) => r.quantity > 0);
    const quotes = new Map<string, Quote>();
    for (const q of await this.o.market.quotes(open.map((r) => r.symbol))) quotes.set(q.symbol, q);
    const bought = new Map(buys.map((b) => [keyOf(b), b]));
    const inputs: FigureInputs = {
      cash: paiseToRupees(account.balancePaise),
      reserved: paiseToRupees(account.reservedPaise),
      realisedPnl: paiseToRupees(rows.reduce((sum, r) => sum + r.realizedPnlPaise, 0n)),
      positions: open.map((row) => {
        const quote = quotes.get(row.symbol);
        const today = bought.get(keyOf(row));
        const share = todaysShare(
          row.quantity,
          today?.quantity ?? 0,
          today ? paiseToRupees(today.costPaise) : 0,
        );
        return {
          symbol: row.symbol,
          product: row.product,
          quantity: row.quantity,
          invested: paiseToRupees(row.costBasisPaise),
          todayQuantity: share.quantity,
          todayCost: share.cost,
          price: paiseToRupees(this.pricePaise(row, quote)),
          previousClose: quote ? quote.previousClose : null,
        };
      }),
      ...(derivatives ? { derivatives } : {}),
    };
    const figures = computeFigures(inputs);
    const perPosition = new Map(figures.positions.map((p) => [keyOf(p), p]));
    const holdings = open.map((row) =>
      this.holding(row, quotes.get(row.symbol), perPosition.get(keyOf(row))),
    );
    return { holdings, figures, inputs };
  }

  /** Without a quote (provider down) the holding is shown at its own average, not at zero. */
  private pricePaise(row: PositionRow, quote: Quote | undefined): bigint {
    return quote ? rupeesToPaise(quote.price) : row.costBasisPaise / BigInt(row.quantity);
  }

  private holding(row: PositionRow, quote: Quote | undefined, figures: PositionFigures | undefined): Holding {
    const instrument = this.o.market.catalog.resolve(row.symbol);
    const pricePaise = this.pricePaise(row, quote);
    const value = figures?.value ?? paiseToRupees(pricePaise * BigInt(row.quantity));
    const pnl = figures?.unrealisedPnl ?? 0;
    const pnlPct = figures?.unrealisedPnlPercent ?? 0;
    const avg = round2(Number(row.costBasisPaise) / row.quantity / 100);
    return {
      symbol: row.symbol,
      product: row.product,
      name: instrument?.name ?? row.symbol,
      sector: instrument?.sector ?? 'Unknown',
      quantity: row.quantity,
      // The position row keeps the sum of its resting sells' reservations, so this holds for any number of them.
      reservedQuantity: Math.min(row.reservedQuantity, row.quantity),
      sellableQuantity: Math.max(0, row.quantity - row.reservedQuantity),
      avgPrice: avg,
      averagePrice: avg,
      currentPrice: paiseToRupees(pricePaise),
      totalInvested: paiseToRupees(row.costBasisPaise),
      currentValue: value,
      value,
      totalValue: value,
      pnl,
      pnlPercentage: pnlPct,
      gainLoss: pnl,
      gainLossPercentage: pnlPct,
      realizedPnL: paiseToRupees(row.realizedPnlPaise),
      // The glossary's Day's P&L of this holding (a position bought today from its buy price).
      dayChange: figures?.daysPnl ?? 0,
      dayChangePercent: figures?.daysPnlPercent ?? 0,
      lastUpdated: row.updatedAt.toISOString(),
    };
  }

  /** The glossary's figures of one account at the server's live prices, with their inputs. */
  /** `db`: a transaction already holding the account's lock reads its own figures through it. */
  async figures(who: AccountRef, db?: DbOrTx): Promise<FiguresWithInputs> {
    const { figures, inputs } = await this.value(who.accountId, db);
    return { figures, inputs };
  }

  /**
   * The user's main portfolio: what the reward, the leaderboard and habits read (Saytrix reads it
   * unless the chat names another portfolio).
   */
  async main(userId: string): Promise<AccountRef> {
    const row = await portfoliosRepository.find(this.o.db, userId, undefined);
    if (!row) throw notFound('Portfolio not found');
    return { userId, accountId: row.accountId };
  }

  private async cash(accountId: AccountId, db: DbOrTx = this.o.db) {
    const account = await ledgerRepository.account(db, accountId);
    if (!account) throw notFound('Virtual money account not found');
    return account;
  }

  async account(who: AccountRef): Promise<VirtualAccount> {
    const [valued, recent, lastReward] = await Promise.all([
      this.value(who.accountId),
      ledgerRepository.recent(this.o.db, who.accountId, RECENT_TRANSACTIONS),
      // The daily reward is main's alone; its last claim is the user's.
      this.o.rewards.lastClaimedAt(who.userId),
    ]);
    const f = valued.figures;
    return {
      balance: valued.inputs.cash,
      availableCash: f.availableCash,
      reserved: f.reserved,
      totalInvested: f.invested,
      portfolioValue: f.holdingsValue,
      totalGains: f.totalPnl,
      figures: f,
      lastLoginReward: lastReward?.toISOString() ?? null,
      transactions: recent.map((e) => ({
        id: e.id.toString(),
        kind: e.kind,
        amount: paiseToRupees(e.amountPaise),
        balanceAfter: paiseToRupees(e.balanceAfterPaise),
        description: e.description,
        orderId: e.orderId,
        createdAt: e.createdAt.toISOString(),
      })),
    };
  }

  async holdings(who: AccountRef, db?: DbOrTx): Promise<Holding[]> {
    return (await this.value(who.accountId, db)).holdings;
  }

  async summary(who: AccountRef): Promise<PortfolioSummary> {
    const { holdings, figures: f, inputs } = await this.value(who.accountId);
    return {
      totalValue: f.totalValue,
      availableCash: f.availableCash,
      totalInvested: f.invested,
      totalCurrentValue: f.holdingsValue,
      // Unrealised, as this field always was; the glossary's Total P&L is `figures.totalPnl`.
      totalPnL: f.unrealisedPnl,
      totalPnLPercentage: f.unrealisedPnlPercent,
      totalRealizedPnL: f.realisedPnl,
      positions: holdings,
      totalPositions: holdings.length,
      figures: f,
      figureInputs: inputs,
    };
  }
}
