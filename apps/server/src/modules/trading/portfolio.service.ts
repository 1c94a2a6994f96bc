import { paiseToRupees, round2, rupeesToPaise, type Holding, type PortfolioSummary, type Quote, type VirtualAccount } from '@nivesh/shared';
import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import type { MarketService } from '../market/market.service.js';
import { ledgerRepository } from './ledger.repository.js';
import { ordersRepository, type PositionRow } from './orders.repository.js';
import type { RewardsService } from './rewards.service.js';

const RECENT_TRANSACTIONS = 20;

const percent = (part: bigint, whole: bigint) => (whole === 0n ? 0 : round2((Number(part) / Number(whole)) * 100));

interface Valued {
  holdings: Holding[];
  investedPaise: bigint;
  valuePaise: bigint;
  realizedPaise: bigint;
}

/** Reads of the cash account and positions, valued at the market's live prices. */
export class PortfolioService {
  constructor(private readonly o: { db: Db; market: MarketService; rewards: RewardsService }) {}

  private async value(userId: string): Promise<Valued> {
    const rows = await ordersRepository.positions(this.o.db, userId);
    const open = rows.filter((r) => r.quantity > 0);
    const quotes = new Map<string, Quote>();
    for (const q of await this.o.market.quotes(open.map((r) => r.symbol))) quotes.set(q.symbol, q);
    const holdings = open.map((row) => this.holding(row, quotes.get(row.symbol)));
    return {
      holdings,
      investedPaise: open.reduce((sum, r) => sum + r.costBasisPaise, 0n),
      valuePaise: open.reduce((sum, r) => sum + this.pricePaise(r, quotes.get(r.symbol)) * BigInt(r.quantity), 0n),
      realizedPaise: rows.reduce((sum, r) => sum + r.realizedPnlPaise, 0n),
    };
  }

  /** Without a quote (provider down) the holding is shown at its own average, not at zero. */
  private pricePaise(row: PositionRow, quote: Quote | undefined): bigint {
    return quote ? rupeesToPaise(quote.price) : row.costBasisPaise / BigInt(row.quantity);
  }

  private holding(row: PositionRow, quote: Quote | undefined): Holding {
    const instrument = this.o.market.catalog.resolve(row.symbol);
    const pricePaise = this.pricePaise(row, quote);
    const valuePaise = pricePaise * BigInt(row.quantity);
    const pnlPaise = valuePaise - row.costBasisPaise;
    const avg = round2(Number(row.costBasisPaise) / row.quantity / 100);
    const value = paiseToRupees(valuePaise);
    const pnl = paiseToRupees(pnlPaise);
    const pnlPct = percent(pnlPaise, row.costBasisPaise);
    return {
      symbol: row.symbol,
      name: instrument?.name ?? row.symbol,
      sector: instrument?.sector ?? 'Unknown',
      quantity: row.quantity,
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
      dayChange: quote ? round2(quote.change * row.quantity) : 0,
      dayChangePercent: quote?.changePercent ?? 0,
      lastUpdated: row.updatedAt.toISOString(),
    };
  }

  private async cash(userId: string) {
    const account = await ledgerRepository.account(this.o.db, userId);
    if (!account) throw notFound('Virtual money account not found');
    return account;
  }

  async account(userId: string): Promise<VirtualAccount> {
    const account = await this.cash(userId);
    const [valued, recent, lastReward] = await Promise.all([
      this.value(userId),
      ledgerRepository.recent(this.o.db, userId, RECENT_TRANSACTIONS),
      this.o.rewards.lastClaimedAt(userId),
    ]);
    return {
      balance: paiseToRupees(account.balancePaise),
      availableCash: paiseToRupees(account.balancePaise - account.reservedPaise),
      reserved: paiseToRupees(account.reservedPaise),
      totalInvested: paiseToRupees(valued.investedPaise),
      portfolioValue: paiseToRupees(valued.valuePaise),
      totalGains: paiseToRupees(valued.valuePaise - valued.investedPaise + valued.realizedPaise),
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

  async holdings(userId: string): Promise<Holding[]> {
    return (await this.value(userId)).holdings;
  }

  async summary(userId: string): Promise<PortfolioSummary> {
    const account = await this.cash(userId);
    const valued = await this.value(userId);
    const availablePaise = account.balancePaise - account.reservedPaise;
    const pnlPaise = valued.valuePaise - valued.investedPaise;
    return {
      // Reserved cash is still the user's, so the total counts the whole balance.
      totalValue: paiseToRupees(account.balancePaise + valued.valuePaise),
      availableCash: paiseToRupees(availablePaise),
      totalInvested: paiseToRupees(valued.investedPaise),
      totalCurrentValue: paiseToRupees(valued.valuePaise),
      totalPnL: paiseToRupees(pnlPaise),
      totalPnLPercentage: percent(pnlPaise, valued.investedPaise),
      totalRealizedPnL: paiseToRupees(valued.realizedPaise),
      positions: valued.holdings,
      totalPositions: valued.holdings.length,
    };
  }
}
